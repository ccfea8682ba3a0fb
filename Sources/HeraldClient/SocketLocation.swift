import Foundation
import HeraldSystem
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
                               environment: [String: String]) -> String {
        resolve(explicitHome: explicitHome, stateDirectory: stateDirectory(), variable: { environment[$0] })
    }

    /// The socket's path, with the environment's variables read by `variable` (by default this
    /// process's, one at a time).
    public static func resolve(explicitHome: String?, stateDirectory: @autoclosure () -> String,
                               variable: (String) -> String? = ProcessEnvironment.value) -> String {
        if let socket = variable("HERALD_SOCKET"), !socket.isEmpty { return socket }
        if let home = explicitHome ?? variable("HERALD_HOME"), !home.isEmpty {
            return join(home, fileName)
        }
        if let runtime = variable("XDG_RUNTIME_DIR"), !runtime.isEmpty {
            return join(join(runtime, "herald"), fileName)
        }
        return join(stateDirectory(), fileName)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
