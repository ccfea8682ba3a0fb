import Foundation
import HeraldWire

/// Where the daemon's socket lives.
///
/// In order: `$HERALD_SOCKET`; `DIR/herald.sock` when a state directory was chosen explicitly
/// (`--home DIR` or `$HERALD_HOME`), so two centers never share a socket;
/// `$XDG_RUNTIME_DIR/herald/herald.sock`; else `herald.sock` inside the state directory.
///
/// ```swift
/// let path = SocketLocation.resolve(explicitHome: context.home, stateDirectory: home.path)
/// ```
public enum SocketLocation {
    /// The socket's file name.
    public static let fileName = "herald.sock"

    /// The socket's path; `stateDirectory` is evaluated only when the socket is in it.
    public static func resolve(explicitHome: String?, stateDirectory: @autoclosure () -> String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let socket = environment["HERALD_SOCKET"], !socket.isEmpty { return socket }
        if let home = explicitHome ?? environment["HERALD_HOME"], !home.isEmpty {
            return join(home, fileName)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return join(join(runtime, "herald"), fileName)
        }
        return join(stateDirectory(), fileName)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
