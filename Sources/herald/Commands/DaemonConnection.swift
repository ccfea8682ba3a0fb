import Foundation
import HeraldClient
import HeraldCore
import HeraldStore
import HeraldWire

/// Where the center lives for a command (state directory and socket), and how commands reach
/// the daemon.
struct CenterLocation: Sendable {
    let home: HeraldHome
    /// The socket, the log and the command that starts a daemon for them.
    let endpoint: DaemonEndpoint

    init(_ context: CommandContext) {
        home = HeraldHome.resolve(explicit: context.home)
        endpoint = DaemonEndpoint(explicitHome: context.home)
    }

    /// The daemon's socket.
    var socketPath: String { endpoint.socketPath }

    /// The daemon's log when a client starts it in the background.
    var logPath: String { endpoint.logPath }

    /// Connects, starting `herald daemon` in the background when none answers (unless
    /// `$HERALD_NO_SPAWN` is set).
    func connect(role: ClientRole, client name: String) async throws -> IPCClient {
        let hello = ClientHello(role: role, client: name)
        if ProcessInfo.processInfo.environment["HERALD_NO_SPAWN"] == nil { try home.create() }
        return try await endpoint.connect(hello: hello, executable: DaemonLauncher.currentExecutable)
    }
}

/// The app a command speaks for when `--app` is not given: the calling command's name (the
/// parent process, from `/proc`), as macOS names a notification after its sender.
enum CallingApp {
    static func name() -> String {
        let parent = getppid()
        if let comm = try? String(contentsOfFile: "/proc/\(parent)/comm", encoding: .utf8) {
            let name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty { return name }
        }
        return "herald"
    }

    /// `--app ID`, else the caller's name.
    static func resolve(_ arguments: inout Arguments) throws -> String {
        if let app = try arguments.option("--app") {
            guard !app.isEmpty else { throw UsageError("--app needs a bundle identifier") }
            return app
        }
        return name()
    }
}
