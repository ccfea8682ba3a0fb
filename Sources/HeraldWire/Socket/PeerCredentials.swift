import HeraldSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Who is at the other end of a Unix socket (`SO_PEERCRED`).
///
/// Glibc hides `struct ucred` behind `_GNU_SOURCE`, so this mirrors its layout
/// (`pid_t pid; uid_t uid; gid_t gid;`) and asks the kernel for exactly that many bytes.
package struct PeerCredentials: Sendable, Hashable {
    package var pid: Int32 = 0
    package var uid: UInt32 = 0
    package var gid: UInt32 = 0

    /// The credentials the kernel recorded for the peer of `descriptor` at `connect` time.
    package static func of(_ descriptor: Int32) throws -> PeerCredentials {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        try retryingOnInterrupt { getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) }
        return credentials
    }
}
