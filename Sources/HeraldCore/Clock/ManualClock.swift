import Foundation
import Synchronization

/// A clock that moves only when told to: tests and the simulator use it so nothing sleeps.
///
/// `sleep(until:)` suspends until `set(_:)` or `advance(by:)` moves the clock to (or past) the
/// date, or the sleeping task is cancelled. Thread-safe.
///
/// ```swift
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 0))
/// let task = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 30)) }
/// await clock.waitForSleepers(1)
/// clock.advance(by: 30)          // the task resumes
/// ```
public final class ManualClock: NotificationClock {
    private struct Sleeper {
        var id: UInt64
        var date: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var timeZone: TimeZone
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        /// Tasks waiting for a number of sleepers (`waitForSleepers`).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// `timeZone`: the zone wall-clock rules read (UTC unless given), changed with `setTimeZone`.
    public init(now: Date = Date(timeIntervalSinceReferenceDate: 0), timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        state = Mutex(State(now: now, timeZone: timeZone))
    }

    public func now() -> Date { state.withLock { $0.now } }

    public var timeZone: TimeZone { state.withLock { $0.timeZone } }

    /// Moves the clock to another zone (a person travelling; the machine's zone changed).
    public func setTimeZone(_ zone: TimeZone) {
        state.withLock { $0.timeZone = zone }
    }

    /// Moves the clock to `date` (also backwards) and wakes every sleeper whose date has come.
    public func set(_ date: Date) {
        let woken: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.now = date
            var due: [CheckedContinuation<Void, any Error>] = []
            state.sleepers.removeAll { sleeper in
                guard sleeper.date <= date else { return false }
                due.append(sleeper.continuation)
                return true
            }
            return due
        }
        for continuation in woken { continuation.resume() }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        let target = state.withLock { $0.now.addingTimeInterval(seconds) }
        set(target)
    }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest date a task is sleeping until, if any.
    public var nextWakeDate: Date? { state.withLock { $0.sleepers.map(\.date).min() } }

    /// Suspends until at least `count` tasks are sleeping on the clock (so a test can advance the
    /// clock knowing the code under test is waiting on it).
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    public func sleep(until date: Date) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case now, cancelled, waiting([CheckedContinuation<Void, Never>]) }
                let outcome: Outcome = state.withLock { state in
                    if Task.isCancelled { return .cancelled }
                    if date <= state.now { return .now }
                    state.sleepers.append(Sleeper(id: id, date: date, continuation: continuation))
                    let count = state.sleepers.count
                    var ready: [CheckedContinuation<Void, Never>] = []
                    state.watchers.removeAll { watcher in
                        guard watcher.count <= count else { return false }
                        ready.append(watcher.continuation)
                        return true
                    }
                    return .waiting(ready)
                }
                switch outcome {
                case .now: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .waiting(let ready): for watcher in ready { watcher.resume() }
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
