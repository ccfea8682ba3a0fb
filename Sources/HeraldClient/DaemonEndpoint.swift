import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire

/// Where a client finds the daemon, and how it starts one: the state directory, the socket in
/// it (`SocketLocation`), the log a started daemon writes, and the command that starts a daemon
/// serving exactly that socket.
///
/// ```swift
/// let endpoint = DaemonEndpoint()                                   // from the environment
/// let client = try await endpoint.connect(hello: ClientHello(role: .app),
///                                         executable: DaemonLauncher.locateHerald())
/// ```
public struct DaemonEndpoint: Sendable, Hashable {
    /// The state directory (absolute).
    public let stateDirectory: URL
    /// The `--home` the caller was given, if any (it decides the socket and is passed on to a
    /// started daemon).
    public let explicitHome: String?
    /// The socket's path.
    public let socketPath: String

    /// Resolves the state directory and socket as every Herald process does.
    public init(explicitHome: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let directory = StateDirectory.resolve(explicit: explicitHome, environment: environment)
        self.stateDirectory = directory
        self.explicitHome = explicitHome.flatMap { $0.isEmpty ? nil : $0 }
        self.socketPath = SocketLocation.resolve(explicitHome: self.explicitHome, stateDirectory: directory.path,
                                                 environment: environment)
    }

    /// Where a daemon started in the background writes its standard error.
    public var logPath: String { stateDirectory.appendingPathComponent("daemon.log").path }

    /// `herald [--home DIR] daemon`: `--home` only when one was given explicitly, so the daemon
    /// resolves its socket from the same environment as this client (with `--home` it would
    /// listen in DIR even where the client looks in `$XDG_RUNTIME_DIR`).
    public func daemonCommand(executable: String) -> [String] {
        [executable] + (explicitHome == nil ? [] : ["--home", stateDirectory.path]) + ["daemon"]
    }

    /// Connects; when no daemon answers and `executable` is given (and `$HERALD_NO_SPAWN` is not
    /// set), starts `herald daemon` in the background and waits for it (up to 10 s).
    public func connect(hello: ClientHello, executable: String?,
                        environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> IPCClient {
        guard let executable, environment["HERALD_NO_SPAWN"] == nil else {
            do {
                return try await IPCClient.connect(socketPath: socketPath, hello: hello)
            } catch let error as Errno where error.meansNoServer {
                throw IPCError.noServer(path: socketPath)
            }
        }
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return try await DaemonLauncher.connectOrSpawnDaemon(socketPath: socketPath, hello: hello,
                                                             daemonCommand: daemonCommand(executable: executable),
                                                             logPath: logPath)
    }
}
