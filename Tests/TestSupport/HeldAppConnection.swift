import Foundation
import HeraldCore
import Synchronization

/// A foreground app whose `willPresent` waits until the test answers it: a delivery to it stops
/// at its delegate call (the engine suspended there), so a test can act on the engine in between —
/// deterministically, with no sleep. Calls wait in order; `answer` answers the oldest.
public final class HeldAppConnection: AppConnection {
    private struct State {
        /// The `willPresent` calls waiting for their answers, oldest first.
        var held: [CheckedContinuation<PresentationDecision, Never>] = []
        /// A test waiting until this many calls have arrived.
        var arrival: (count: Int, continuation: CheckedContinuation<Void, Never>)?
        var calls: [DeliveredRecord] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The notifications `willPresent` was asked about, in order.
    public var willPresentCalls: [DeliveredRecord] { state.withLock { $0.calls } }

    public func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
        await withCheckedContinuation { held in
            let arrived = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.held.append(held)
                state.calls.append(notification)
                guard let arrival = state.arrival, state.calls.count >= arrival.count else { return nil }
                state.arrival = nil
                return arrival.continuation
            }
            arrived?.resume()
        }
    }

    /// Returns once `count` `willPresent` calls have arrived in all (by default: one more than
    /// have been answered, i.e. one is waiting).
    public func waitForCall(_ count: Int? = nil) async {
        await withCheckedContinuation { arrival in
            let arrived = state.withLock { state in
                let target = count ?? state.calls.count - state.held.count + 1
                if state.calls.count >= target { return true }
                state.arrival = (target, arrival)
                return false
            }
            if arrived { arrival.resume() }
        }
    }

    /// Answers the oldest waiting `willPresent` call, or the newest (nothing when none waits).
    public func answer(_ decision: PresentationDecision, newest: Bool = false) {
        let held = state.withLock { state in
            state.held.isEmpty ? nil : newest ? state.held.removeLast() : state.held.removeFirst()
        }
        held?.resume(returning: decision)
    }

    public func didReceive(_ response: ResponseRecord) async {}
    public func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
    public func openSettings(for notification: DeliveredRecord?) async {}
}
