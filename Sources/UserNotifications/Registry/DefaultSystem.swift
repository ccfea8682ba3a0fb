import Foundation
import HeraldCore

/// The system used when nothing was installed: a private in-process center (in-memory store,
/// real clock, every permission prompt answered "Allow", attachments in a temporary directory)
/// with its real-time scheduler running. Apps count as in the foreground once they use it (the
/// program is the running app), so their delegate's `willPresent` is asked. Kept in this one small function: a later step replaces
/// it with a socket client to a running `herald` daemon.
enum DefaultSystem {
    static func make() -> any NotificationSystem {
        let attachments = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-attachments-\(ProcessInfo.processInfo.processIdentifier)")
        guard let engine = try? NotificationEngine(store: InMemoryStore(), clock: SystemClock(),
                                                   prompter: AllowingPrompter(), attachmentsDirectory: attachments)
        else { return UnavailableSystem() }
        Task.detached { await engine.run() }
        return engine
    }
}

/// Answers every permission prompt with "Allow" (the default in-process center has no UI).
struct AllowingPrompter: AuthorizationPrompter {
    func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool { true }
}

/// The last resort when even the in-process center cannot start: refuses to deliver, never traps.
final class UnavailableSystem: NotificationSystem, @unchecked Sendable {
    func connect(_ connection: any AppConnection, bundleIdentifier: String) async {}
    func disconnect(bundleIdentifier: String) async {}
    func setForeground(_ isForeground: Bool, bundleIdentifier: String) async {}
    func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        throw UNError(.notificationsNotAllowed, detail: "the notification center could not start")
    }
    func appRecord(bundleIdentifier: String) async -> AppRecord { AppRecord(bundleIdentifier: bundleIdentifier) }
    func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {}
    func categories(bundleIdentifier: String) async -> [CategoryRecord] { [] }
    func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        throw UNError(.notificationsNotAllowed, detail: "the notification center could not start")
    }
    func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] { [] }
    func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {}
    func removeAllPendingRequests(bundleIdentifier: String) async {}
    func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] { [] }
    func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {}
    func removeAllDeliveredNotifications(bundleIdentifier: String) async {}
    func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {}
    func deviceToken(bundleIdentifier: String) async -> Data { Data(count: 32) }
    func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {}
}
