#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix-domain socket address (`sockaddr_un`), checked against the kernel's path limit.
///
/// ```swift
/// let address = try SocketAddress(path: "/run/user/1000/herald/herald.sock")
/// ```
package struct SocketAddress: Sendable {
    /// The file-system path of the socket.
    package let path: String

    /// The capacity of `sun_path` (108 bytes on Linux), including the terminating NUL.
    package static let pathCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// Throws `IPCError.socketPathTooLong` when `path` (plus its NUL) does not fit in `sun_path`.
    package init(path: String) throws {
        guard path.utf8.count < SocketAddress.pathCapacity else {
            throw IPCError.socketPathTooLong(path: path, limit: SocketAddress.pathCapacity - 1)
        }
        guard !path.isEmpty, !path.utf8.contains(0) else { throw IPCError.invalidSocketPath(path) }
        self.path = path
    }

    /// Calls `body` with a filled `sockaddr` pointer and its length.
    package func withSockAddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R) rethrows -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return try withUnsafePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                try body(sockaddrPointer, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
