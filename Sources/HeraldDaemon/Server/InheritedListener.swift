import Foundation
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#endif

/// A listening socket this daemon serves instead of binding one: passed by its supervisor
/// (systemd's socket activation, `herald.socket`) or handed over by the daemon that served the
/// center before (`CenterHandOver`). Clients that connected before this daemon was ready wait in
/// its backlog and are served first.
public struct InheritedListener: Sendable {
    let socket: UnixSocket
    /// Where it came from, for the log ("passed by its supervisor, LISTEN_FDS").
    public let source: String
    /// Whether the socket file is this daemon's to remove when it stops: not a supervisor's,
    /// but one handed over by the daemon before.
    let ownsSocketFile: Bool

    init(socket: UnixSocket, source: String, ownsSocketFile: Bool) {
        self.socket = socket
        self.source = source
        self.ownsSocketFile = ownsSocketFile
    }

    /// The path it is bound to.
    public var path: String? { socket.boundPath }

    /// The socket the supervisor passed (`$LISTEN_FDS`), or `nil` when none was; throws when
    /// what was passed is not a listening Unix stream socket.
    public static func fromSupervisor() throws -> InheritedListener? {
        let descriptors = InheritedSockets.take()
        guard let first = descriptors.first else { return nil }
        for extra in descriptors.dropFirst() { _ = Glibc.close(extra) }   // one socket is all Herald listens on
        do {
            return InheritedListener(socket: try UnixSocket.adoptListener(descriptor: first),
                                     source: "passed by its supervisor, LISTEN_FDS", ownsSocketFile: false)
        } catch {
            _ = Glibc.close(first)
            throw InheritedListenerError(message: "the socket passed in LISTEN_FDS (descriptor \(first)) is not a listening "
                                         + "Unix stream socket (\(error)); give herald.socket ListenStream=PATH")
        }
    }

    /// Closes it (a daemon that cannot start after all).
    public func close() { socket.close() }
}

/// A passed socket this daemon cannot serve.
public struct InheritedListenerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
