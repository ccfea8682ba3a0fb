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
