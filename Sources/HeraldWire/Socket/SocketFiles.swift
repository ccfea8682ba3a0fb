import HeraldSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// File-system chores around a socket path: the private directory and stale sockets.
package enum SocketFiles {
    /// Creates the socket's parent directory with mode 0700 when it is missing. A directory Herald
    /// owns by name (`…/herald`) is tightened to 0700 if it exists looser; other existing
    /// directories (`/tmp`, a user's choice) are left alone.
    package static func prepareDirectory(forSocketAt path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw IPCError.invalidSocketPath(path) }
            if directory.hasSuffix("/herald"), info.st_uid == getuid(), info.st_mode & 0o077 != 0 {
                try retryingOnInterrupt { chmod(directory, 0o700) }
            }
            return
        }
        try prepareDirectory(forSocketAt: directory)
        if mkdir(directory, 0o700) != 0, errno != EEXIST { throw Errno.current }
    }

    /// Removes a socket file nobody listens on. Throws `IPCError.serverAlreadyRunning` when a
    /// server answers there, and refuses to delete anything that is not a socket.
    package static func removeStaleSocket(at address: SocketAddress) throws {
        var info = stat()
        guard lstat(address.path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw IPCError.invalidSocketPath(address.path)
        }
        do {
            let probe = try UnixSocket.connect(to: address)
            probe.close()
            throw IPCError.serverAlreadyRunning(path: address.path)
        } catch let error as Errno where error.meansNoServer {
            if unlink(address.path) != 0, errno != ENOENT { throw Errno.current }
        }
    }
}
