import HeraldCore

/// The engine's view of the desktop apps: where their users' responses go. One instance serves
/// every desktop app; it hands responses to the front door and answers no other question (desktop
/// senders have no `willPresent` and no background pushes).
final class DesktopAppConnection: AppConnection {
    private let onResponse: @Sendable (ResponseRecord) -> Void

    init(onResponse: @escaping @Sendable (ResponseRecord) -> Void) {
        self.onResponse = onResponse
    }

    func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision { .noDelegate }
    /// Known at once (a desktop sender has no delegate): the engine asks without a task or timer.
    func willPresentWithoutWaiting(_ notification: DeliveredRecord) -> PresentationDecision? { .noDelegate }
    func didReceive(_ response: ResponseRecord) async { onResponse(response) }
    func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
    func openSettings(for notification: DeliveredRecord?) async {}
}
