import Dispatch
import Foundation
import Synchronization

/// Real-time deadlines shared by every `withDeadline` on real time: one Dispatch timer serves
/// them all, instead of a sleeping task per call.
///
/// A deadline is cheap to add and to cancel (a heap push and a dictionary entry); the timer is
/// re-armed only when a new deadline is earlier than the armed one, which with a fixed time
/// limit (`delegateTimeout`) is almost never. Cancelled deadlines stay in the heap until they
/// reach the top or the heap is compacted.
///
/// ```swift
/// let id = RealTimeDeadlines.shared.add(after: 10) { latch.offer(.timedOut) }
/// …
/// RealTimeDeadlines.shared.cancel(id)   // answered in time
/// ```
final class RealTimeDeadlines: Sendable {
    static let shared = RealTimeDeadlines()

    private struct Item: Comparable {
        var deadline: UInt64
        var id: UInt64
        static func < (lhs: Item, rhs: Item) -> Bool {
            lhs.deadline != rhs.deadline ? lhs.deadline < rhs.deadline : lhs.id < rhs.id
        }
    }

    private struct State {
        var heap = BinaryHeap<Item>()
        var actions: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        /// The uptime (ns) the timer is armed for; `nil` when idle.
        var armedFor: UInt64?
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "herald.deadlines")
    private let timer: Mutex<any DispatchSourceTimer>

    private init() {
        timer = Mutex(DispatchSource.makeTimerSource(queue: queue))
        timer.withLock { source in
            source.setEventHandler { [weak self] in self?.fire() }
            source.activate()
        }
    }

    /// Runs `action` (on a private queue) `seconds` from now unless cancelled first.
    func add(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let nanoseconds = Seconds.nanoseconds(seconds)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
        let (id, rearm) = state.withLock { state -> (UInt64, Bool) in
            state.nextID += 1
            state.heap.insert(Item(deadline: deadline, id: state.nextID))
            state.actions[state.nextID] = action
            guard state.armedFor.map({ deadline < $0 }) ?? true else { return (state.nextID, false) }
            state.armedFor = deadline
            return (state.nextID, true)
        }
        if rearm { arm(deadline) }
        return id
    }

    /// Forgets a deadline (its action will not run).
    func cancel(_ id: UInt64) {
        state.withLock { state in
            state.actions[id] = nil
            if state.heap.count > 2 * state.actions.count + 1024 {
                let live = state.heap.elements.filter { state.actions[$0.id] != nil }
                state.heap = BinaryHeap(live)
            }
        }
    }

    private func arm(_ deadline: UInt64) {
        timer.withLock { $0.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1)) }
    }

    /// Runs every action whose deadline has passed, then re-arms for the next one.
    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let (due, next) = state.withLock { state -> ([@Sendable () -> Void], UInt64?) in
            var due: [@Sendable () -> Void] = []
            while let top = state.heap.min {
                if let action = state.actions[top.id] {
                    guard top.deadline <= now else { break }
                    state.actions[top.id] = nil
                    due.append(action)
                }
                state.heap.popMin()
            }
            state.armedFor = state.heap.min?.deadline
            return (due, state.armedFor)
        }
        if let next { arm(next) }
        for action in due { action() }
    }
}
