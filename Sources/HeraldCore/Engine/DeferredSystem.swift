import Foundation

/// A `NotificationSystem` that forwards every call to the system `resolve` returns, awaited
/// before each call: the one place that lists the protocol's methods for the front ends that
/// decide late (the default system chooses the daemon or a private center on first use) or gate
/// calls (the simulator applies its pending settings first). A new `NotificationSystem` method is
/// forwarded here once.
///
/// ```swift
/// let system = DeferredSystem { await choice.value }         // forwards to whatever was chosen
///
/// final class Gated: DeferredSystem {                      // or subclass and override a call
///     override func add(_ request: RequestRecord, bundleIdentifier: String) async throws { … }
/// }
/// ```
// unchecked: an open class (subclassed) cannot be checked; its only stored property is a `let` of a Sendable closure.
open class DeferredSystem: NotificationSystem, @unchecked Sendable {
    // Immutable after init: the closure is the only state.
    private let resolve: @Sendable () async -> any NotificationSystem

    /// Forwards to `resolve()`'s answer, asked again before every call.
    public init(resolve: @escaping @Sendable () async -> any NotificationSystem) {
        self.resolve = resolve
    }

    /// The system the next call goes to.
    public var target: any NotificationSystem {
        get async { await resolve() }
    }

    open func connect(_ connection: any AppConnection, bundleIdentifier: String) async {
        await target.connect(connection, bundleIdentifier: bundleIdentifier)
    }
    open func disconnect(bundleIdentifier: String) async {
        await target.disconnect(bundleIdentifier: bundleIdentifier)
    }
    open func setForeground(_ isForeground: Bool, bundleIdentifier: String) async {
        await target.setForeground(isForeground, bundleIdentifier: bundleIdentifier)
    }
    open func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        try await target.requestAuthorization(options: options, bundleIdentifier: bundleIdentifier)
    }
    open func appRecord(bundleIdentifier: String) async -> AppRecord {
        await target.appRecord(bundleIdentifier: bundleIdentifier)
    }
    open func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {
        await target.setCategories(categories, bundleIdentifier: bundleIdentifier)
    }
    open func categories(bundleIdentifier: String) async -> [CategoryRecord] {
        await target.categories(bundleIdentifier: bundleIdentifier)
    }
    open func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        try await target.add(request, bundleIdentifier: bundleIdentifier)
    }
    open func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] {
        await target.pendingRequests(bundleIdentifier: bundleIdentifier)
    }
    open func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {
        await target.removePendingRequests(identifiers: identifiers, bundleIdentifier: bundleIdentifier)
    }
    open func removeAllPendingRequests(bundleIdentifier: String) async {
        await target.removeAllPendingRequests(bundleIdentifier: bundleIdentifier)
    }
    open func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] {
        await target.deliveredNotifications(bundleIdentifier: bundleIdentifier)
    }
    open func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {
        await target.removeDeliveredNotifications(identifiers: identifiers, bundleIdentifier: bundleIdentifier)
    }
    open func removeAllDeliveredNotifications(bundleIdentifier: String) async {
        await target.removeAllDeliveredNotifications(bundleIdentifier: bundleIdentifier)
    }
    open func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {
        try await target.setBadgeCount(count, bundleIdentifier: bundleIdentifier)
    }
    open func deviceToken(bundleIdentifier: String) async -> Data {
        await target.deviceToken(bundleIdentifier: bundleIdentifier)
    }
    open func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        await target.setServiceExtension(host, bundleIdentifier: bundleIdentifier)
    }
}
