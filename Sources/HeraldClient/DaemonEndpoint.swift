import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire

/// Where a client finds the daemon, and how it starts one: the state directory, the socket in
/// it (`SocketLocation`), the log a started daemon writes, and the command that starts a daemon
/// serving exactly that socket — or the supervisor's, when one runs the center (`CenterStart`).
///
/// ```swift
/// let endpoint = DaemonEndpoint()                                   // from the environment
/// let client = try await endpoint.connect(hello: ClientHello(role: .app),
///                                         executable: DaemonLauncher.locateHerald())
/// ```
public struct DaemonEndpoint: Sendable, Hashable {
    /// The `--home` the caller was given, if any (it decides the socket and is passed on to a
    /// started daemon).
    public let explicitHome: String?
    /// The socket's path.
    public let socketPath: String
    /// The environment the state directory is resolved from (only when it is needed: the socket
    /// usually comes from `$HERALD_SOCKET`, the home or `$XDG_RUNTIME_DIR`, and resolving the
    /// directory may look the user up in the password database); `nil`: this process's, whose
    /// few variables the socket needs are read one at a time (`ProcessEnvironment`) — a command
    /// that finds its daemon running never builds the dictionary of them all.
    private let environment: [String: String]?

    /// Resolves the socket as every Herald process does.
    public init(explicitHome: String? = nil, environment: [String: String]? = nil) {
        let explicitHome = explicitHome.flatMap { $0.isEmpty ? nil : $0 }
        self.explicitHome = explicitHome
        self.environment = environment
        let variable: (String) -> String? = environment.map { environment in { environment[$0] } } ?? ProcessEnvironment.value
        socketPath = SocketLocation.resolve(
            explicitHome: explicitHome,
            stateDirectory: StateDirectory.resolve(explicit: explicitHome, environment: environment ?? ProcessInfo.processInfo.environment).path,
            variable: variable)
    }

    /// The state directory (absolute).
    public var stateDirectory: URL { StateDirectory.resolve(explicit: explicitHome, environment: wholeEnvironment) }

    /// The environment as a dictionary: the one given, else this process's.
    private var wholeEnvironment: [String: String] { environment ?? ProcessInfo.processInfo.environment }

    /// Where a daemon started in the background writes its standard error.
    public var logPath: String { stateDirectory.appendingPathComponent("daemon.log").path }

    /// `herald [--home DIR] daemon --on-demand`: `--home` only when one was given explicitly, so
    /// the daemon resolves its socket from the same environment as this client (with `--home` it
    /// would listen in DIR even where the client looks in `$XDG_RUNTIME_DIR`). `--on-demand`: it
    /// hands the center over to a `herald daemon` started later by hand or by a supervisor.
    public func daemonCommand(executable: String) -> [String] {
        [executable] + (explicitHome == nil ? [] : ["--home", stateDirectory.path]) + ["daemon", "--on-demand"]
    }

    /// Connects; when no daemon answers (and `$HERALD_NO_SPAWN` is not set in `environment`, by
    /// default the one the endpoint was resolved from), runs `prepare` (which may make the state
    /// directory), starts the center as the configuration file's `[daemon] start` says — the
    /// supervisor's command when one runs it, else `herald daemon --on-demand` with `executable`
    /// in the background — and waits for it (up to 10 s). `executable` is evaluated only then.
    public func connect(hello: ClientHello, executable: @autoclosure () -> String?,
                        environment: [String: String]? = nil,
                        prepare: () throws -> Void = {}) async throws -> IPCClient {
        if let client = try await DaemonLauncher.answering({ try await IPCClient.connect(socketPath: socketPath, hello: hello) }) {
            return client
        }
        let start = try start(executable: executable(), environment: environment, prepare: prepare)
        return try await DaemonLauncher.connectOrStart(socketPath: socketPath, hello: hello, start: start, logPath: logPath)
    }

    /// `connect` for `BlockingIPCClient` (the request is sent with the hello; see there).
    public func connectBlocking(hello: ClientHello, executable: @autoclosure () -> String?,
                                environment: [String: String]? = nil,
                                prepare: () throws -> Void = {}) throws -> BlockingIPCClient {
        if let client = try DaemonLauncher.answering({ try BlockingIPCClient(socketPath: socketPath, hello: hello) }) {
            return client
        }
        let start = try start(executable: executable(), environment: environment, prepare: prepare)
        return try DaemonLauncher.connectOrStart(socketPath: socketPath, hello: hello, start: start, logPath: logPath)
    }

    /// Nobody answered: how the center is started (the state directory made for the log), or
    /// `IPCError.noServer` (`$HERALD_NO_SPAWN`) or `.noServerToStart` when it may not be.
    public func start(executable: String?, environment: [String: String]? = nil,
                      prepare: () throws -> Void = {}) throws -> CenterStart {
        let environment = environment ?? wholeEnvironment
        guard environment["HERALD_NO_SPAWN"] == nil else { throw IPCError.noServer(path: socketPath) }
        let settings = DaemonSettings.read(ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))).settings
        let explicitCenter = explicitHome != nil || [environment["HERALD_HOME"], environment["HERALD_SOCKET"]]
            .contains { $0.map { !$0.isEmpty } ?? false }
        let start = CenterStart.choose(setting: settings.start, explicitCenter: explicitCenter,
                                       herald: executable.map(daemonCommand), environment: environment)
        if case .none(let reason) = start { throw IPCError.noServerToStart(path: socketPath, reason: reason) }
        try prepare()
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return start
    }
}
