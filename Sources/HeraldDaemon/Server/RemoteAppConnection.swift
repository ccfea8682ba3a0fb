import Foundation
import HeraldCore
import HeraldWire

/// An app connected over the socket, as the engine sees it: each `AppConnection` call becomes a
/// call on the app's connection, and waits for the app's answer (at most `timeout` seconds; the
/// engine's delegate timeout). A vanished or silent app counts as `.timedOut` for `willPresent`.
final class RemoteAppConnection: AppConnection {
    let bundleIdentifier: String
    private let session: ServerSession
    private let timeout: TimeInterval

    init(bundleIdentifier: String, session: ServerSession, timeout: TimeInterval) {
        self.bundleIdentifier = bundleIdentifier
        self.session = session
        self.timeout = timeout
    }

    func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
        await session.call(Calls.willPresent, WillPresentParams(notification: notification), timeout: timeout)?.decision
            ?? .timedOut
    }

    func didReceive(_ response: ResponseRecord) async {
        _ = await session.call(Calls.didReceive, DidReceiveParams(response: response), timeout: timeout)
    }

    func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? {
        // Apple gives a background handler 30 seconds.
        let result = await session.call(Calls.backgroundPush,
                                        BackgroundPushParams(bundleIdentifier: bundleIdentifier, userInfo: userInfo),
                                        timeout: max(timeout, 30))
        return result ?? nil
    }

    func openSettings(for notification: DeliveredRecord?) async {
        _ = await session.call(Calls.openSettings,
                               OpenSettingsParams(bundleIdentifier: bundleIdentifier, notification: notification),
                               timeout: timeout)
    }
}

/// A connected app's in-process service extension, reached over its connection.
final class RemoteServiceExtensionHost: ServiceExtensionHost {
    let bundleIdentifier: String
    private let session: ServerSession

    init(bundleIdentifier: String, session: ServerSession) {
        self.bundleIdentifier = bundleIdentifier
        self.session = session
    }

    func start(_ request: RequestRecord, contentHandler: @escaping @Sendable (ContentRecord) -> Void) async {
        let session = self.session
        let bundleIdentifier = self.bundleIdentifier
        Task {
            // The engine calls timeWillExpire at its 30 s limit; the call itself gives up at 60 s.
            if let content = await session.call(Calls.serviceExtensionStart,
                                                ServiceExtensionStartParams(bundleIdentifier: bundleIdentifier, request: request),
                                                timeout: 60) {
                contentHandler(content)
            }
        }
    }

    func timeWillExpire() async {
        _ = await session.call(Calls.serviceExtensionTimeWillExpire, AppParams(bundleIdentifier: bundleIdentifier), timeout: 5)
    }
}
