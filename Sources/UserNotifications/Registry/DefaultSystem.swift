import Foundation
import HeraldClient
import HeraldCore

/// The system used when nothing was installed: the running `herald` daemon, as on Apple's
/// platforms every app talks to the one notification center.
///
/// The socket is found as every Herald process finds it (`$HERALD_SOCKET`, `$HERALD_HOME`, …;
/// see `DaemonEndpoint`). When no daemon answers, one is started in the background if a `herald`
/// executable can be found (`$HERALD_EXECUTABLE`, `herald` on `$PATH`, or next to this program;
/// `$HERALD_NO_SPAWN` turns starting off). When the daemon can be neither reached nor started,
/// the program gets a private in-process center instead (`LocalSystem`) and one line on standard
/// error says so.
///
/// The choice is made once, on the first call; every call waits for it.
final class DefaultSystem: NotificationSystem {
    private let choice: Task<any NotificationSystem, Never>

    private init(choose: @escaping @Sendable () async -> any NotificationSystem) {
        choice = Task { await choose() }
    }

    /// The default system for this process (connecting starts at once, in the background).
    static func make(environment: [String: String] = ProcessInfo.processInfo.environment) -> any NotificationSystem {
        DefaultSystem { await choose(environment: environment) }
    }

    /// The daemon when it answers (or can be started), else a private in-process center.
    static func choose(environment: [String: String]) async -> any NotificationSystem {
        let endpoint = DaemonEndpoint(environment: environment)
        let executable = DaemonLauncher.locateHerald(environment: environment)
        let remote = RemoteNotificationSystem { hello in
            try await endpoint.connect(hello: hello, executable: executable, environment: environment)
        }
        do {
            try await remote.connectNow()
            return remote
        } catch {
            let reason = executable == nil && environment["HERALD_NO_SPAWN"] == nil
                ? "no herald daemon answers on \(endpoint.socketPath) and no herald executable was found to start one (set HERALD_EXECUTABLE)"
                : ErrorSentence.describe(error)
            FileHandle.standardError.write(Data(
                "herald: \(reason); using a private in-process notification center (notifications stay inside this program)\n".utf8))
            return LocalSystem.make()
        }
    }

    private var system: any NotificationSystem {
        get async { await choice.value }
    }

    func connect(_ connection: any AppConnection, bundleIdentifier: String) async {
        await system.connect(connection, bundleIdentifier: bundleIdentifier)
    }
    func disconnect(bundleIdentifier: String) async { await system.disconnect(bundleIdentifier: bundleIdentifier) }
    func setForeground(_ isForeground: Bool, bundleIdentifier: String) async {
        await system.setForeground(isForeground, bundleIdentifier: bundleIdentifier)
    }
    func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        try await system.requestAuthorization(options: options, bundleIdentifier: bundleIdentifier)
    }
    func appRecord(bundleIdentifier: String) async -> AppRecord { await system.appRecord(bundleIdentifier: bundleIdentifier) }
    func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {
        await system.setCategories(categories, bundleIdentifier: bundleIdentifier)
    }
    func categories(bundleIdentifier: String) async -> [CategoryRecord] {
        await system.categories(bundleIdentifier: bundleIdentifier)
    }
    func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        try await system.add(request, bundleIdentifier: bundleIdentifier)
    }
    func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] {
        await system.pendingRequests(bundleIdentifier: bundleIdentifier)
    }
    func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {
        await system.removePendingRequests(identifiers: identifiers, bundleIdentifier: bundleIdentifier)
    }
    func removeAllPendingRequests(bundleIdentifier: String) async {
        await system.removeAllPendingRequests(bundleIdentifier: bundleIdentifier)
    }
    func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] {
        await system.deliveredNotifications(bundleIdentifier: bundleIdentifier)
    }
    func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {
        await system.removeDeliveredNotifications(identifiers: identifiers, bundleIdentifier: bundleIdentifier)
    }
    func removeAllDeliveredNotifications(bundleIdentifier: String) async {
        await system.removeAllDeliveredNotifications(bundleIdentifier: bundleIdentifier)
    }
    func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {
        try await system.setBadgeCount(count, bundleIdentifier: bundleIdentifier)
    }
    func deviceToken(bundleIdentifier: String) async -> Data { await system.deviceToken(bundleIdentifier: bundleIdentifier) }
    func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        await system.setServiceExtension(host, bundleIdentifier: bundleIdentifier)
    }
}
