import Foundation
import HeraldCore

/// A stand-in `NotificationSystem` that records calls and keeps state in memory, to test the API
/// layer without the engine.
actor FakeSystem: NotificationSystem {
    var calls: [String] = []
    var connection: (any AppConnection)?
    var app: AppRecord
    var pending: [RequestRecord] = []
    var delivered: [DeliveredRecord] = []
    var answer = true

    init(bundleIdentifier: String = "com.example.fake") {
        app = AppRecord(bundleIdentifier: bundleIdentifier)
    }

    func setApp(_ app: AppRecord) { self.app = app }

    func connect(_ connection: any AppConnection, bundleIdentifier: String) async {
        calls.append("connect \(bundleIdentifier)")
        self.connection = connection
    }
    func disconnect(bundleIdentifier: String) async { calls.append("disconnect") }
    func setForeground(_ isForeground: Bool, bundleIdentifier: String) async { calls.append("foreground \(isForeground)") }
    func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        calls.append("requestAuthorization \(options.rawValue)")
        if app.authorizationStatus == .notDetermined {
            app.authorizationStatus = answer ? .authorized : .denied
            app.authorizedOptions = answer ? options : []
        }
        return app.authorizationStatus == .authorized
    }
    func appRecord(bundleIdentifier: String) async -> AppRecord { app }
    func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {
        calls.append("setCategories \(categories.map(\.identifier))")
        app.categories = categories
    }
    func categories(bundleIdentifier: String) async -> [CategoryRecord] { app.categories }
    func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        calls.append("add \(request.identifier)")
        pending.removeAll { $0.identifier == request.identifier }
        pending.append(request)
    }
    func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] { pending }
    func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {
        calls.append("removePending \(identifiers)")
        pending.removeAll { identifiers.contains($0.identifier) }
    }
    func removeAllPendingRequests(bundleIdentifier: String) async { pending = [] }
    func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] { delivered }
    func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {
        delivered.removeAll { identifiers.contains($0.identifier) }
    }
    func removeAllDeliveredNotifications(bundleIdentifier: String) async { delivered = [] }
    func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {
        calls.append("setBadgeCount \(count)")
        app.badge = count
    }
    func deviceToken(bundleIdentifier: String) async -> Data { Data(repeating: 0xAB, count: 32) }
    func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        calls.append("setServiceExtension \(host != nil)")
    }
}
