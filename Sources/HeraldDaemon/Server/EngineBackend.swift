import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// What the daemon adds to its `NotificationEngine`: the service-extension commands
/// (`herald app --service-extension`), kept in a small JSON file in the state directory and
/// installed as `CommandServiceExtensionHost`s. A connected app's in-process extension takes
/// precedence while the app is connected; the command comes back when it leaves. Every other
/// request goes to the engine as it is (`RequestDispatcher`).
///
/// ```swift
/// let backend = try EngineBackend(engine: engine, commandsFile: home.url.appendingPathComponent("service-extensions.json"))
/// await backend.installCommandHosts()
/// let server = IPCServer(socketPath: path, backend: backend)
/// ```
public final class EngineBackend: Sendable {
    /// The engine every request goes to.
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

    /// Sets (or, with `nil`, removes) the shell command that acts as the app's service extension.
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

    /// A connected app's in-process extension (`nil`: it went); the app's command, if it has
    /// one, serves while it has none.
    public func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        let command = state.withLock { state -> String? in
            if host != nil { state.inProcess.insert(bundleIdentifier) } else { state.inProcess.remove(bundleIdentifier) }
            return state.commands[bundleIdentifier]
        }
        let fallback = command.map { CommandServiceExtensionHost(command: $0) as any ServiceExtensionHost }
        await engine.setServiceExtension(host ?? fallback, bundleIdentifier: bundleIdentifier)
    }

    /// The app's record, with its service-extension command.
    public func appRecord(bundleIdentifier: String) async -> AppRecord {
        withCommand(await engine.appRecord(bundleIdentifier: bundleIdentifier))
    }

    /// Every app, each with its service-extension command.
    public func apps() async throws -> [AppRecord] { try await engine.apps().map(withCommand) }

    /// Calls `handler` with every event as the engine emits it (on the engine: no task, no
    /// thread hop; `handler` must be quick and must not block), until the observation is
    /// cancelled.
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
