import Foundation

/// Transport and protocol failures of the Herald socket (the center's own errors travel as
/// `RemoteError` or `UNError`).
public enum IPCError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not fit in `sockaddr_un.sun_path`.
    case socketPathTooLong(path: String, limit: Int)
    /// The path is empty, contains NUL, or names something that is not a socket.
    case invalidSocketPath(String)
    /// A daemon already answers on this socket.
    case serverAlreadyRunning(path: String)
    /// No daemon answers on this socket.
    case noServer(path: String)
    /// No daemon answers on this socket, and the client may not start one (the reason).
    case noServerToStart(path: String, reason: String)
    /// The daemon could not be started or did not answer in time.
    case daemonDidNotStart(String)
    /// The connection closed before the reply arrived.
    case connectionClosed
    /// The other side speaks a protocol version we do not.
    case unsupportedProtocol(Int)
    /// A line could not be understood.
    case malformedMessage(String)
    /// Something accepted the connection but sent no hello in time (a hung daemon).
    case noHello(path: String, seconds: Double)
    /// The socket is served by another user (`SO_PEERCRED`); nothing was sent to it.
    case foreignServer(path: String, serverUserID: UInt32, userID: UInt32)

    public var description: String {
        switch self {
        case .socketPathTooLong(let path, let limit):
            return "socket path is \(path.utf8.count) bytes, over the limit of \(limit): \(path) (set HERALD_SOCKET to a shorter path)"
        case .invalidSocketPath(let path):
            return "\(path) is not a usable socket path (empty, or something other than a socket is there); "
                + "remove what is there or set HERALD_SOCKET to another path"
        case .serverAlreadyRunning(let path): return "a herald daemon is already running on \(path)"
        case .noServer(let path):
            return "no herald center answers on \(path); start one with `herald daemon` "
                + "(commands start it themselves unless HERALD_NO_SPAWN is set)"
        case .noServerToStart(let path, let reason):
            return "no herald center answers on \(path), and none was started: \(reason); start one with `herald daemon`"
        case .daemonDidNotStart(let why):
            return "could not start the herald center (\(why)); run `herald daemon` to see why"
        case .connectionClosed:
            return "the herald center closed the connection before answering (it stopped or restarted); run the command again"
        case .unsupportedProtocol(let version):
            return "the herald center speaks protocol version \(version), which this herald does not; "
                + "restart the center with this herald (stop it, then run `herald daemon`)"
        case .malformedMessage(let why):
            return "the herald center sent a message this herald cannot read (\(why)); make sure both are the same version"
        case .noHello(let path, let seconds):
            return "the herald daemon on \(path) accepted the connection but did not answer within "
                + "\(String(format: "%g", seconds)) s; if it is stuck, stop that herald daemon process and try again"
        case .foreignServer(let path, let serverUserID, let userID):
            return "the socket \(path) is served by user id \(serverUserID), not by you (user id \(userID)); nothing was "
                + "sent to it. Another user may have put it there: check HERALD_SOCKET (or --home) and the directory it is in"
        }
    }
}
