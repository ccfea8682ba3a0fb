import Foundation
import HeraldClient
import HeraldCore
import HeraldStore
import HeraldWire

/// Where the center lives for a command (state directory and socket), and how commands reach
/// the daemon.
struct CenterLocation: Sendable {
    /// The socket, the log and the command that starts a daemon for them.
    let endpoint: DaemonEndpoint
    private let explicitHome: String?

    init(_ context: CommandContext) {
        explicitHome = context.home
        endpoint = DaemonEndpoint(explicitHome: context.home)
    }

    /// The state directory (resolved when asked: a command that only talks to a running daemon
    /// never needs it).
    var home: HeraldHome { HeraldHome.resolve(explicit: explicitHome) }

    /// The daemon's socket.
    var socketPath: String { endpoint.socketPath }

    /// The daemon's log when a client starts it in the background.
    var logPath: String { endpoint.logPath }

    /// Connects, starting `herald daemon` in the background when none answers (unless
    /// `$HERALD_NO_SPAWN` is set; the state directory is made first).
    func connect(role: ClientRole, client name: String) async throws -> IPCClient {
        try await endpoint.connect(hello: ClientHello(role: role, client: name), executable: DaemonLauncher.currentExecutable,
                                   prepare: { try home.create() })
    }

    /// `connect` for a command that makes its calls one after the other on this thread
    /// (`herald post`): the first request goes out with the hello.
    func connectBlocking(role: ClientRole, client name: String) throws -> BlockingIPCClient {
        try endpoint.connectBlocking(hello: ClientHello(role: role, client: name), executable: DaemonLauncher.currentExecutable,
                                     prepare: { try home.create() })
    }
}
