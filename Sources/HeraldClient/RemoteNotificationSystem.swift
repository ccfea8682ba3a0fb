import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
import Synchronization

/// `NotificationSystem` over the socket: how `UNUserNotificationCenter.current()` in any Swift
/// process reaches the running daemon.
///
/// It connects on first use and again after the daemon restarts, replaying what the engine must
/// know about this process (connected apps, foreground state, service extensions). Calls from
/// the daemon (`willPresent`, `didReceive`, background pushes, the service extension) go to the
/// `AppConnection` / `ServiceExtensionHost` registered for the app.
///
/// ```swift
/// let system = RemoteNotificationSystem(socketPath: SocketLocation.resolve(explicitHome: nil, stateDirectory: state))
/// let center = UNUserNotificationCenter(system: system, bundleIdentifier: "com.example.app")
/// ```
///
/// Methods that cannot throw answer with empty values when the daemon cannot be reached and
/// report the failure through `log`.
public final class RemoteNotificationSystem: NotificationSystem {
    /// Makes a connection (default: `IPCClient.connect` to the socket path).
    public typealias Connector = @Sendable (ClientHello) async throws -> IPCClient

    private let connector: Connector
    private let log: @Sendable (String) -> Void
    private let clientName: String

    private struct AppState {
        var connection: (any AppConnection)?
        var isForeground: Bool?
        var serviceExtension: (any ServiceExtensionHost)?
    }

    private struct State {
        var client: IPCClient?
        var connecting: Task<IPCClient, any Error>?
        var apps: [String: AppState] = [:]
        var generation = 0
    }

    private let state = Mutex(State())

    /// Talks to the daemon at `socketPath`.
    public convenience init(socketPath: String, client name: String = ProcessInfo.processInfo.processName,
                            log: @escaping @Sendable (String) -> Void = RemoteNotificationSystem.logToStandardError) {
        self.init(client: name, log: log) { hello in try await IPCClient.connect(socketPath: socketPath, hello: hello) }
    }

    /// Talks to whatever `connector` connects to (e.g. `DaemonLauncher.connectOrSpawnDaemon`).
    public init(client name: String = ProcessInfo.processInfo.processName,
                log: @escaping @Sendable (String) -> Void = RemoteNotificationSystem.logToStandardError,
                connector: @escaping Connector) {
        self.connector = connector
        self.log = log
        self.clientName = name
    }

    /// The default `log`: one line on standard error (dropped when it cannot be written:
    /// `LineWriter`, never a trap in the app).
    public static let logToStandardError: @Sendable (String) -> Void = { message in
        LineWriter.standardError.write("herald: \(message)")
    }

    /// Closes the connection (the daemon then treats this process's apps as not running).
    public func close() {
        let client = state.withLock { state in
            defer { state.client = nil }
            return state.client
        }
        client?.close()
    }

    // MARK: Connection

    /// Connects now (normally the first call does), so the caller learns at once whether a
    /// daemon answers. Throws what the connector threw.
    public func connectNow() async throws {
        _ = try await client()
    }

    /// The open connection, connecting (and replaying state) when there is none.
    func client() async throws -> IPCClient {
        let (existing, task) = state.withLock { state -> (IPCClient?, Task<IPCClient, any Error>?) in
            if let client = state.client, !client.isClosed { return (client, nil) }
            if let connecting = state.connecting { return (nil, connecting) }
            let task = Task { try await self.openConnection() }
            state.connecting = task
            return (nil, task)
        }
        if let existing { return existing }
        do {
            let client = try await task!.value
            state.withLock { $0.connecting = nil }
            return client
        } catch {
            state.withLock { $0.connecting = nil }
            throw error
        }
    }

    private func openConnection() async throws -> IPCClient {
        let client = try await connector(ClientHello(role: .app, client: clientName))
        installHandlers(on: client)
        let apps = state.withLock { $0.apps }
        for (bundleIdentifier, app) in apps.sorted(by: { $0.key < $1.key }) {
            if app.connection != nil {
                _ = try await client.call(Methods.connect, AppParams(bundleIdentifier: bundleIdentifier))
            }
            if let isForeground = app.isForeground {
                _ = try await client.call(Methods.setForeground,
                                          ForegroundParams(bundleIdentifier: bundleIdentifier, isForeground: isForeground))
            }
            if app.serviceExtension != nil {
                _ = try await client.call(Methods.setServiceExtension,
                                          ServiceExtensionParams(bundleIdentifier: bundleIdentifier, isInstalled: true))
            }
        }
        state.withLock {
            $0.client = client
            $0.generation += 1
        }
        return client
    }

    private func app(_ bundleIdentifier: String) -> AppState? { state.withLock { $0.apps[bundleIdentifier] } }

    private func installHandlers(on client: IPCClient) {
        client.handle(Calls.willPresent) { [weak self] params in
            guard let connection = self?.app(params.notification.bundleIdentifier)?.connection else { return .noDelegate }
            return WirePresentationDecision(await connection.willPresent(params.notification))
        }
        client.handle(Calls.didReceive) { [weak self] params in
            await self?.app(params.response.bundleIdentifier)?.connection?.didReceive(params.response)
            return Empty()
        }
        client.handle(Calls.backgroundPush) { [weak self] params in
            guard let connection = self?.app(params.bundleIdentifier)?.connection else { return nil }
            return await connection.didReceiveBackgroundPush(params.userInfo)
        }
        client.handle(Calls.openSettings) { [weak self] params in
            await self?.app(params.bundleIdentifier)?.connection?.openSettings(for: params.notification)
            return Empty()
        }
        client.handle(Calls.serviceExtensionStart) { [weak self] params in
            guard let host = self?.app(params.bundleIdentifier)?.serviceExtension else { return params.request.content }
            return await withCheckedContinuation { continuation in
                let once = Mutex(false)
                Task {
                    await host.start(params.request) { content in
                        guard once.withLock({ done in defer { done = true }; return !done }) else { return }
                        continuation.resume(returning: content)
                    }
                }
            }
        }
        client.handle(Calls.serviceExtensionTimeWillExpire) { [weak self] params in
            await self?.app(params.bundleIdentifier)?.serviceExtension?.timeWillExpire()
            return Empty()
        }
    }

    private func call<P, R>(_ method: Method<P, R>, _ params: P) async throws -> R {
        let client = try await client()
        return try await client.call(method, params)
    }

    /// For methods that cannot throw: the answer, or `fallback` (and a log line) on failure.
    private func ask<P, R>(_ method: Method<P, R>, _ params: P, fallback: R) async -> R {
        do {
            return try await call(method, params)
        } catch {
            log("\(method.name) failed: \(error)")
            return fallback
        }
    }

    private func updateApp(_ bundleIdentifier: String, _ change: (inout AppState) -> Void) {
        state.withLock { change(&$0.apps[bundleIdentifier, default: AppState()]) }
    }

    // MARK: NotificationSystem

    public func connect(_ connection: any AppConnection, bundleIdentifier: String) async {
        updateApp(bundleIdentifier) { $0.connection = connection }
        _ = await ask(Methods.connect, AppParams(bundleIdentifier: bundleIdentifier), fallback: Empty())
    }

    public func disconnect(bundleIdentifier: String) async {
        updateApp(bundleIdentifier) { $0.connection = nil }
        let client = state.withLock { $0.client }
        guard let client, !client.isClosed else { return }
        _ = try? await client.call(Methods.disconnect, AppParams(bundleIdentifier: bundleIdentifier))
    }

    public func setForeground(_ isForeground: Bool, bundleIdentifier: String) async {
        updateApp(bundleIdentifier) { $0.isForeground = isForeground }
        _ = await ask(Methods.setForeground, ForegroundParams(bundleIdentifier: bundleIdentifier, isForeground: isForeground),
                      fallback: Empty())
    }

    public func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        try await call(Methods.requestAuthorization, AuthorizationParams(bundleIdentifier: bundleIdentifier, options: options))
    }

    public func appRecord(bundleIdentifier: String) async -> AppRecord {
        await ask(Methods.appRecord, AppParams(bundleIdentifier: bundleIdentifier),
                  fallback: AppRecord(bundleIdentifier: bundleIdentifier))
    }

    public func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {
        _ = await ask(Methods.setCategories, CategoriesParams(bundleIdentifier: bundleIdentifier, categories: categories),
                      fallback: Empty())
    }

    public func categories(bundleIdentifier: String) async -> [CategoryRecord] {
        await ask(Methods.categories, AppParams(bundleIdentifier: bundleIdentifier), fallback: [])
    }

    public func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        _ = try await call(Methods.add, AddParams(bundleIdentifier: bundleIdentifier, request: request))
    }

    public func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] {
        await ask(Methods.pendingRequests, AppParams(bundleIdentifier: bundleIdentifier), fallback: [])
    }

    public func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {
        _ = await ask(Methods.removePendingRequests,
                      IdentifiersParams(bundleIdentifier: bundleIdentifier, identifiers: identifiers), fallback: Empty())
    }

    public func removeAllPendingRequests(bundleIdentifier: String) async {
        _ = await ask(Methods.removeAllPendingRequests, AppParams(bundleIdentifier: bundleIdentifier), fallback: Empty())
    }

    public func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] {
        await ask(Methods.deliveredNotifications, AppParams(bundleIdentifier: bundleIdentifier), fallback: [])
    }

    public func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {
        _ = await ask(Methods.removeDeliveredNotifications,
                      IdentifiersParams(bundleIdentifier: bundleIdentifier, identifiers: identifiers), fallback: Empty())
    }

    public func removeAllDeliveredNotifications(bundleIdentifier: String) async {
        _ = await ask(Methods.removeAllDeliveredNotifications, AppParams(bundleIdentifier: bundleIdentifier),
                      fallback: Empty())
    }

    public func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {
        _ = try await call(Methods.setBadgeCount, BadgeParams(bundleIdentifier: bundleIdentifier, count: count))
    }

    public func deviceToken(bundleIdentifier: String) async -> Data {
        let hex = await ask(Methods.deviceToken, AppParams(bundleIdentifier: bundleIdentifier), fallback: "")
        return DeviceToken.data(hex: hex) ?? Data()
    }

    public func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        updateApp(bundleIdentifier) { $0.serviceExtension = host }
        _ = await ask(Methods.setServiceExtension,
                      ServiceExtensionParams(bundleIdentifier: bundleIdentifier, isInstalled: host != nil), fallback: Empty())
    }
}
