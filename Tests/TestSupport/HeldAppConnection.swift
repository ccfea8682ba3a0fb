import Foundation
import HeraldCore
import Synchronization

/// A foreground app whose `willPresent` waits until the test answers it: a delivery to it stops
/// at its delegate call (the engine suspended there), so a test can act on the engine in between —
/// deterministically, with no sleep.
public final class HeldAppConnection: AppConnection {
    private struct State {
        /// The `willPresent` call waiting for its answer.
        var held: CheckedContinuation<PresentationDecision, Never>?
        /// A test waiting for a `willPresent` call to arrive.
        var arrival: CheckedContinuation<Void, Never>?
        var calls: [DeliveredRecord] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The notifications `willPresent` was asked about, in order.
    public var willPresentCalls: [DeliveredRecord] { state.withLock { $0.calls } }

    public func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
        await withCheckedContinuation { held in
            let arrival = state.withLock { state in
                state.held = held
                state.calls.append(notification)
                defer { state.arrival = nil }
                return state.arrival
            }
            arrival?.resume()
        }
    }

    /// Returns once a `willPresent` call is waiting for its answer.
    public func waitForCall() async {
        await withCheckedContinuation { arrival in
            let waiting = state.withLock { state in
                if state.held == nil { state.arrival = arrival }
                return state.held != nil
            }
            if waiting { arrival.resume() }
        }
    }

    /// Answers the waiting `willPresent` call (nothing when none waits).
    public func answer(_ decision: PresentationDecision) {
        let held = state.withLock { state in
            defer { state.held = nil }
            return state.held
        }
        held?.resume(returning: decision)
    }

    public func didReceive(_ response: ResponseRecord) async {}
    public func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
    public func openSettings(for notification: DeliveredRecord?) async {}
}
