#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension UnixSocket {
    /// Connects to a Herald server at `path` and checks who serves it before anything is sent:
    /// the peer's user id (`SO_PEERCRED`, recorded by the kernel when the server called
    /// `listen`) must be `serverUserID`, by default this process's own. A socket in a shared
    /// directory that another user listens on — a fake server waiting for someone's posts —
    /// is closed unused and `IPCError.foreignServer` thrown. Every client connection of Herald
    /// (`IPCClient`, `BlockingIPCClient`, a daemon asking another to hand over) connects here.
    ///
    /// ```swift
    /// let socket = try UnixSocket.connectToServer(at: "/run/user/1000/herald/herald.sock")
    /// ```
    package static func connectToServer(at path: String, serverUserID: UInt32 = getuid()) throws -> UnixSocket {
        let socket = try connect(to: SocketAddress(path: path))
        do {
            let peer = try socket.peerCredentials()
            guard peer.uid == serverUserID else {
                throw IPCError.foreignServer(path: path, serverUserID: peer.uid, userID: serverUserID)
            }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }
}
