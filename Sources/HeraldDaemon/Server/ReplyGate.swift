import Foundation
import Synchronization

/// At most `limit` holders at once; the others wait their turn, in order. What bounds the
/// memory of replies being put together: however many clients ask for history at once, at most
/// `limit` pages (1 MiB each) are being built.
///
/// ```swift
/// let gate = ReplyGate(limit: 4)
/// let page = try await gate.withPermit { try await build() }
/// ```
///
/// A task cancelled while it waits (its client went away) leaves the queue with
/// `CancellationError` and takes no permit.
final class ReplyGate: Sendable {
    let limit: Int

    private struct State {
        var holders = 0
        var waiting: [(key: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextKey: UInt64 = 0
    }

    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(1, limit) }

    /// Runs `body` holding a permit.
    func withPermit<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async throws {
        let key = state.withLock { state -> UInt64? in
            if state.holders < limit {
                state.holders += 1
                return nil
            }
            state.nextKey += 1
            return state.nextKey
        }
        guard let key else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case granted, cancelled, waiting }
                // (Decided under the lock: a permit given back since the first look is taken here.)
                let outcome = state.withLock { state -> Outcome in
                    if Task.isCancelled { return .cancelled }
                    if state.holders < limit {
                        state.holders += 1
                        return .granted
                    }
                    state.waiting.append((key, continuation))
                    return .waiting
                }
                switch outcome {
                case .granted: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .waiting: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiting.firstIndex(where: { $0.key == key }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Hands the permit to the first waiter, or gives it back.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.waiting.isEmpty else {
                state.holders -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume()
    }
}
