import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// Who is waiting for the user's response to which request (`wait`), and the recent responses,
/// so a `wait` that arrives just after the user answered still finds the answer.
final class ResponseWaiters: Sendable {
    private struct Waiter {
        let bundleIdentifier: String
        let identifier: String
        let since: Date?
        let resume: @Sendable (ResponseRecord?) -> Void
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var recent: [ResponseRecord] = []
        var nextKey: UInt64 = 0
    }

    /// How many recent responses are remembered.
    static let recentLimit = 256
    private let state = Mutex(State())

    private static func matches(_ response: ResponseRecord, bundleIdentifier: String, identifier: String, since: Date?) -> Bool {
        response.bundleIdentifier == bundleIdentifier && response.notification.identifier == identifier
            && (since.map { response.notification.date >= $0 } ?? true)
    }

    /// Called for every `.responded` event.
    func record(_ response: ResponseRecord) {
        let resumes = state.withLock { state -> [@Sendable (ResponseRecord?) -> Void] in
            state.recent.append(response)
            if state.recent.count > ResponseWaiters.recentLimit { state.recent.removeFirst() }
            let keys = state.waiters.filter {
                ResponseWaiters.matches(response, bundleIdentifier: $0.value.bundleIdentifier,
                                        identifier: $0.value.identifier, since: $0.value.since)
            }.map(\.key)
            return keys.compactMap { state.waiters.removeValue(forKey: $0)?.resume }
        }
        for resume in resumes { resume(response) }
    }

    /// The response, or `nil` when `timeout` passed (or the task was cancelled).
    func wait(bundleIdentifier: String, identifier: String, since: Date?, timeout: TimeInterval?) async -> ResponseRecord? {
        let key = state.withLock { state -> UInt64 in
            state.nextKey += 1
            return state.nextKey
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ResponseRecord?, Never>) in
                let once = Mutex(false)
                let resume: @Sendable (ResponseRecord?) -> Void = { value in
                    let first = once.withLock { done -> Bool in
                        defer { done = true }
                        return !done
                    }
                    if first { continuation.resume(returning: value) }
                }
                let found = state.withLock { state -> ResponseRecord? in
                    if let hit = state.recent.last(where: {
                        ResponseWaiters.matches($0, bundleIdentifier: bundleIdentifier, identifier: identifier, since: since)
                    }) {
                        return hit
                    }
                    state.waiters[key] = Waiter(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                                since: since, resume: resume)
                    return nil
                }
                if let found {
                    resume(found)
                    return
                }
                if Task.isCancelled { cancel(key) }
                if let timeout {
                    Task { [weak self] in
                        try? await Task.sleep(nanoseconds: Seconds.nanoseconds(timeout))
                        self?.cancel(key)
                    }
                }
            }
        } onCancel: {
            cancel(key)
        }
    }

    private func cancel(_ key: UInt64) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: key) }
        waiter?.resume(nil)
    }
}
