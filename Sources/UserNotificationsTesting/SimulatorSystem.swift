import Foundation
import HeraldCore

/// The system the simulator installs: the engine, behind a gate that first applies the
/// simulator's pending settings (the observer, the foreground state, the service extension),
/// so a property set on the simulator takes effect before the app's next call.
final class SimulatorSystem: NotificationSystem, @unchecked Sendable {
    let engine: NotificationEngine
    private let prepare: @Sendable () async -> Void

    init(engine: NotificationEngine, prepare: @escaping @Sendable () async -> Void) {
        self.engine = engine
        self.prepare = prepare
    }

    func connect(_ connection: any AppConnection, bundleIdentifier: String) async {
        await prepare()
        await engine.connect(connection, bundleIdentifier: bundleIdentifier)
    }
    func disconnect(bundleIdentifier: String) async {
        await prepare()
        await engine.disconnect(bundleIdentifier: bundleIdentifier)
    }
    func setForeground(_ isForeground: Bool, bundleIdentifier: String) async {
        await prepare()
        await engine.setForeground(isForeground, bundleIdentifier: bundleIdentifier)
    }
    func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        await prepare()
        return try await engine.requestAuthorization(options: options, bundleIdentifier: bundleIdentifier)
    }
    func appRecord(bundleIdentifier: String) async -> AppRecord {
        await prepare()
        return await engine.appRecord(bundleIdentifier: bundleIdentifier)
    }
    func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {
        await prepare()
        await engine.setCategories(categories, bundleIdentifier: bundleIdentifier)
    }
    func categories(bundleIdentifier: String) async -> [CategoryRecord] {
        await prepare()
        return await engine.categories(bundleIdentifier: bundleIdentifier)
    }
    func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        await prepare()
        try await engine.add(request, bundleIdentifier: bundleIdentifier)
    }
    func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] {
        await prepare()
        return await engine.pendingRequests(bundleIdentifier: bundleIdentifier)
    }
    func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {
        await prepare()
        await engine.removePendingRequests(identifiers: identifiers, bundleIdentifier: bundleIdentifier)
    }
    func removeAllPendingRequests(bundleIdentifier: String) async {
        await prepare()
        await engine.removeAllPendingRequests(bundleIdentifier: bundleIdentifier)
    }
    func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] {
        await prepare()
        return await engine.deliveredNotifications(bundleIdentifier: bundleIdentifier)
    }
    func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {
        await prepare()
        await engine.removeDeliveredNotifications(identifiers: identifiers, bundleIdentifier: bundleIdentifier)
    }
    func removeAllDeliveredNotifications(bundleIdentifier: String) async {
        await prepare()
        await engine.removeAllDeliveredNotifications(bundleIdentifier: bundleIdentifier)
    }
    func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {
        await prepare()
        try await engine.setBadgeCount(count, bundleIdentifier: bundleIdentifier)
    }
    func deviceToken(bundleIdentifier: String) async -> Data {
        await prepare()
        return await engine.deviceToken(bundleIdentifier: bundleIdentifier)
    }
    func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        await prepare()
        await engine.setServiceExtension(host, bundleIdentifier: bundleIdentifier)
    }
}
