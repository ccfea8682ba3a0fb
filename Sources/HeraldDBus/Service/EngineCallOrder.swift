import HeraldSystem
import Synchronization

/// The front door's calls into the engine, each a task started on the bus's loop in the order
/// the D-Bus calls came, running at once unless it must follow an earlier one: a call names the
/// keys it shares (a notification's id, an app being registered) and waits for the latest
/// unfinished call of each. Calls that share nothing run together, so pipelined `Notify` calls
/// reach the engine together and share its commits; calls about one notification (`Notify`,
/// its replacement, `CloseNotification`) still run in order.
///
/// Tasks started on one thread in turn enter the engine in that order: each runs on the loop
/// until its first hop.
///
/// ```swift
/// let calls = EngineCallOrder(loop: bus.loop)
/// calls.start(after: ["id 7"]) { await bridge.close(…) }
/// await calls.drain()
/// ```
final class EngineCallOrder: Sendable {
    private struct Started {
        var serial: Int
        var task: Task<Void, Never>
    }

    private struct State {
        var latest: [String: Started] = [:]
        var running: [Int: Task<Void, Never>] = [:]
        var nextSerial = 0
    }

    private let loop: EventLoop
    private let state = Mutex(State())

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// Starts `job` on the loop once the latest unfinished calls that named any of `keys` have
    /// ended; it becomes the latest for each of them.
    func start(after keys: [String], _ job: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let serial = state.nextSerial
            state.nextSerial += 1
            let earlier = keys.compactMap { state.latest[$0]?.task }
            let task = Task(executorPreference: loop) { [self] in
                for call in earlier { await call.value }
                await job()
                finished(serial, keys: keys)
            }
            for key in keys { state.latest[key] = Started(serial: serial, task: task) }
            state.running[serial] = task
        }
    }

    private func finished(_ serial: Int, keys: [String]) {
        state.withLock { state in
            state.running[serial] = nil
            for key in keys where state.latest[key]?.serial == serial { state.latest[key] = nil }
        }
    }

    /// Returns once every call started so far (and every call those started) has ended.
    func drain() async {
        while true {
            let running = state.withLock { Array($0.running.values) }
            if running.isEmpty { return }
            for task in running { await task.value }
        }
    }
}
