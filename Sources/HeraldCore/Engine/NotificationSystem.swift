import Foundation

/// The system side as an app sees it: everything `UNUserNotificationCenter` forwards. The
/// in-process `NotificationEngine` implements it; so does the socket client that talks to a
/// running daemon. Every call names the app by bundle identifier.
public protocol NotificationSystem: AnyObject, Sendable {
    /// Registers a running app: its delegate bridge. Responses queued while the app was not
    /// running are handed over now.
    func connect(_ connection: any AppConnection, bundleIdentifier: String) async
    /// The app went away; responses for it are queued from now on.
    func disconnect(bundleIdentifier: String) async
    /// The app moved to the foreground (`willPresent` is asked) or the background.
    func setForeground(_ isForeground: Bool, bundleIdentifier: String) async

    func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool
    /// The app's record: authorization, settings, badge (what `notificationSettings()` reports).
    func appRecord(bundleIdentifier: String) async -> AppRecord

    func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async
    func categories(bundleIdentifier: String) async -> [CategoryRecord]

    /// Validates, moves attachments into the data store and schedules (or delivers at once).
    func add(_ request: RequestRecord, bundleIdentifier: String) async throws
    func pendingRequests(bundleIdentifier: String) async -> [RequestRecord]
    func removePendingRequests(identifiers: [String], bundleIdentifier: String) async
    func removeAllPendingRequests(bundleIdentifier: String) async

    func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord]
    func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async
    func removeAllDeliveredNotifications(bundleIdentifier: String) async

    /// Negative counts throw `UNError(.badgeInputInvalid)`.
    func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws

    /// The app's device token: 32 bytes, stable per app.
    func deviceToken(bundleIdentifier: String) async -> Data
    /// Installs (or removes) the app's in-process service extension.
    func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async
}
