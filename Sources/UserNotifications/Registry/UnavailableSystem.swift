import Foundation
import HeraldCore

/// The last resort when even the in-process center cannot start: refuses to deliver, never traps.
final class UnavailableSystem: NotificationSystem {
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
