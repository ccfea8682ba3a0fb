import Foundation
import Synchronization

/// A value that is offered at most once, awaited by any number of tasks.
///
/// - `offer` sets the value: only the first offer counts, and none after `close`.
/// - `expire` wakes every waiter with what is there now (maybe `nil`) but still accepts an offer
///   (a service extension may still answer in `timeWillExpire`).
/// - `close` stops accepting offers and returns the value, if any.
final class Latch<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var isOffered = false
        var isClosed = false
        var isExpired = false
        var waiters: [CheckedContinuation<Value?, Never>] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Returns `true` when the offer was taken (the first one, before `close`).
    @discardableResult
    func offer(_ value: Value) -> Bool {
        let waiters: [CheckedContinuation<Value?, Never>]? = state.withLock { state in
            guard !state.isOffered && !state.isClosed else { return nil }
            state.isOffered = true
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }

    func expire() {
        let (waiters, value) = state.withLock { state -> ([CheckedContinuation<Value?, Never>], Value?) in
            state.isExpired = true
            defer { state.waiters = [] }
            return (state.waiters, state.value)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    @discardableResult
    func close() -> Value? {
        let (waiters, value) = state.withLock { state -> ([CheckedContinuation<Value?, Never>], Value?) in
            state.isClosed = true
            state.isExpired = true
            defer { state.waiters = [] }
            return (state.waiters, state.value)
        }
        for waiter in waiters { waiter.resume(returning: value) }
        return value
    }

    /// The offered value, without waiting: `nil` until an offer is taken.
    var offered: Value? {
        state.withLock { $0.isOffered ? $0.value : nil }
    }

    /// Waits for an offer, `expire` or `close`.
    func wait() async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let ready: (Bool, Value?) = state.withLock { state in
                if state.isOffered || state.isExpired { return (true, state.value) }
                state.waiters.append(continuation)
                return (false, nil)
            }
            if ready.0 { continuation.resume(returning: ready.1) }
        }
    }
}

/// Wakes the scheduler loop early when the schedule changes. A signal with no waiter is kept
/// for the next `wait`, so none is lost.
final class WakeSignal: Sendable {
    private struct State {
        var isPending = false
        var nextID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    func signal() {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            if state.waiters.isEmpty {
                state.isPending = true
                return []
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at the next signal (or at once if one is pending), or when the task is cancelled.
    func wait() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = state.withLock { state in
                    if state.isPending || Task.isCancelled {
                        state.isPending = false
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
