import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// The daemon's backend: the `NotificationEngine`, plus the service-extension commands
/// (`herald app --service-extension`), which are kept in a small JSON file in the state directory
/// and installed as `CommandServiceExtensionHost`s. A connected app's in-process extension takes
/// precedence while the app is connected; the command comes back when it leaves.
///
/// ```swift
/// let backend = try EngineBackend(engine: engine, commandsFile: home.url.appendingPathComponent("service-extensions.json"))
/// await backend.installCommandHosts()
/// let server = IPCServer(socketPath: path, backend: backend)
/// ```
// unchecked: restates `DeferredSystem`'s (a subclass must); its own stored properties are `let`s of Sendable types and a Mutex.
public final class EngineBackend: DeferredSystem, CenterBackend, @unchecked Sendable {
    /// The engine every call goes to.
    public let engine: NotificationEngine
    private let commandsFile: URL?

    private struct State {
        var commands: [String: String] = [:]
        /// Apps whose extension is in-process (a connected app's), not a command.
        var inProcess: Set<String> = []
    }

    private let state = Mutex(State())

    /// Reads the commands file when there is one.
    public init(engine: NotificationEngine, commandsFile: URL?) throws {
        self.engine = engine
        self.commandsFile = commandsFile
        super.init { engine }
        if let commandsFile, FileManager.default.fileExists(atPath: commandsFile.path) {
            let commands = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: commandsFile))
            state.withLock { $0.commands = commands }
        }
    }

    /// Installs a `CommandServiceExtensionHost` for every app that has a command.
    public func installCommandHosts() async {
        for (bundle, command) in state.withLock({ $0.commands }) {
            await engine.setServiceExtension(CommandServiceExtensionHost(command: command), bundleIdentifier: bundle)
        }
    }

    // MARK: Command line

    public func post(_ params: PostParams, from sender: PostSender) async throws -> PostOutcome {
        try await engine.post(params, from: sender)
    }
    public func push(_ params: PushParams, from sender: PostSender) async throws -> PostOutcome {
        try await engine.push(params, from: sender)
    }

    public func holdCommits() { engine.holdCommits() }
    public func releaseCommits() async { await engine.releaseCommits() }
    public func takeCommitGroupStatistics() async -> CommitGroupStatistics { await engine.takeCommitGroupStatistics() }

    public func registerCommandLineApp(bundleIdentifier: String) async throws {
        try await engine.admitApp(bundleIdentifier: bundleIdentifier)
        await engine.registerCommandLineApp(bundleIdentifier: bundleIdentifier)
    }

    public func setServiceExtensionCommand(_ command: String?, bundleIdentifier: String) async throws {
        try RequestLimits.validate(bundleIdentifier: bundleIdentifier)
        let (commands, inProcess) = state.withLock { state in
            state.commands[bundleIdentifier] = command
            return (state.commands, state.inProcess.contains(bundleIdentifier))
        }
        if let commandsFile {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(commands).write(to: commandsFile, options: .atomic)
        }
        _ = await engine.appRecord(bundleIdentifier: bundleIdentifier)
        if !inProcess {
            await engine.setServiceExtension(command.map { CommandServiceExtensionHost(command: $0) },
                                             bundleIdentifier: bundleIdentifier)
        }
    }

    /// The command registered for an app.
    public func serviceExtensionCommand(bundleIdentifier: String) -> String? {
        state.withLock { $0.commands[bundleIdentifier] }
    }

    // MARK: NotificationSystem

    // Every other call goes to the engine as it is (`DeferredSystem`).

    public override func appRecord(bundleIdentifier: String) async -> AppRecord {
        withCommand(await engine.appRecord(bundleIdentifier: bundleIdentifier))
    }
    public func storedReceipt(forKey key: String) async -> JSONValue? {
        await engine.storedReceipt(forKey: key)
    }
    public override func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        let command = state.withLock { state -> String? in
            if host != nil { state.inProcess.insert(bundleIdentifier) } else { state.inProcess.remove(bundleIdentifier) }
            return state.commands[bundleIdentifier]
        }
        let fallback = command.map { CommandServiceExtensionHost(command: $0) as any ServiceExtensionHost }
        await engine.setServiceExtension(host ?? fallback, bundleIdentifier: bundleIdentifier)
    }

    // MARK: CenterControl

    public func apps() async throws -> [AppRecord] { try await engine.apps().map(withCommand) }
    public func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] { try await engine.history(query) }
    public func historyCount(_ query: HistoryQuery) async throws -> Int { try await engine.historyCount(query) }
    public func historyCounts() async throws -> [String: HistoryCounts] { try await engine.historyCounts() }
    public func unreadCounts() async throws -> [String: Int] { try await engine.unreadCounts() }
    public func respond(deliveryID: Int64, action: ResponseAction) async throws {
        try await engine.respond(deliveryID: deliveryID, action: action)
    }
    public func markRead(deliveryIDs: [Int64], isRead: Bool) async throws {
        try await engine.markRead(deliveryIDs: deliveryIDs, isRead: isRead)
    }
    public func deleteHistory(deliveryIDs: [Int64]) async throws { try await engine.deleteHistory(deliveryIDs: deliveryIDs) }
    public func clearHistory(bundleIdentifier: String?) async throws {
        try await engine.clearHistory(bundleIdentifier: bundleIdentifier)
    }
    public func setBadge(_ count: Int, bundleIdentifier: String) async throws {
        try await engine.setBadge(count, bundleIdentifier: bundleIdentifier)
    }
    public func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {
        try await engine.updateSettings(settings, bundleIdentifier: bundleIdentifier)
    }
    public func doNotDisturb() async -> Bool { await engine.doNotDisturb() }
    public func setDoNotDisturb(_ isOn: Bool) async throws { try await engine.setDoNotDisturb(isOn) }
    public func focusOverview() async throws -> FocusOverview { try await engine.focusOverview() }
    public func changeFocus(_ change: FocusChange) async throws -> FocusOverview { try await engine.changeFocus(change) }
    public func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool {
        try await engine.answerPrompt(promptID: promptID, allowed: allowed)
    }
    public func events() async -> AsyncStream<CenterEvent> { await engine.events() }
    public func closeBanners(deliveryIDs: [Int64]) async throws -> [Int64] {
        try await engine.closeBanners(deliveryIDs: deliveryIDs)
    }
    public func closeAllBanners() async { await engine.closeAllBanners() }
    public func restoreBanner() async throws -> DeliveredRecord? { try await engine.restoreBanner() }
    public func withPendingPrompts(_ body: @escaping @Sendable ([PendingPrompt]) -> Void) async {
        await engine.withPendingPrompts(body)
    }

    /// The engine's observers: `handler` runs on the engine as each event is emitted.
    public func observeEvents(_ handler: @escaping @Sendable (CenterEvent) -> Void) async -> EventObservation {
        let engine = self.engine
        let id = await engine.addObserver(handler)
        return EventObservation { Task { await engine.removeObserver(id) } }
    }

    private func withCommand(_ app: AppRecord) -> AppRecord {
        var app = app
        if app.serviceExtensionCommand == nil { app.serviceExtensionCommand = serviceExtensionCommand(bundleIdentifier: app.bundleIdentifier) }
        return app
    }
}
