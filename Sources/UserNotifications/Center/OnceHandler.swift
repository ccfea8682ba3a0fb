import Foundation
import Synchronization
import HeraldCore

/// A result that may be produced once: the first `resume` wins, later ones (a handler called
/// twice, or the timeout after the handler) are ignored. With a deadline in real seconds, the
/// fallback value is produced if nothing else came first.
final class OnceHandler<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        var done = false
        var timer: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// Waits for the first `resume`; `start` runs with the handler, and `fallback` is used when
    /// `timeout` real seconds pass first.
    static func run(timeout: TimeInterval, fallback: Value,
                    _ start: @escaping @Sendable (OnceHandler<Value>) -> Void) async -> Value {
        let once = OnceHandler<Value>()
        return await withCheckedContinuation { continuation in
            once.state.withLock { $0.continuation = continuation }
            let timer = Task {
                try? await Task.sleep(nanoseconds: Seconds.nanoseconds(timeout))
                if !Task.isCancelled { once.resume(fallback) }
            }
            let alreadyDone = once.state.withLock { state -> Bool in
                state.timer = timer
                return state.done
            }
            if alreadyDone { timer.cancel() }
            start(once)
        }
    }

    /// Produces the value, if nothing has yet. Safe to call from any thread, any number of times.
    func resume(_ value: Value) {
        let (continuation, timer) = state.withLock { state -> (CheckedContinuation<Value, Never>?, Task<Void, Never>?) in
            guard !state.done else { return (nil, nil) }
            state.done = true
            defer { state.continuation = nil }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: value)
    }
}
