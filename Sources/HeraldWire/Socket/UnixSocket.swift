import HeraldSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix-domain stream socket: the owner of one file descriptor, and the few syscalls Herald
/// needs. Every call retries on `EINTR` and throws `Errno` otherwise.
///
/// A reference: everyone holding it holds the same socket, and `close()` closes the descriptor
/// once — a second `close()` (from another holder, or the same one twice) does nothing, and a
/// call after `close()` throws `EBADF`, so neither can reach a descriptor the process has
/// reused for something else meanwhile. (Closing while another thread is inside a call on the
/// socket is still the owner's to avoid: `EventLoopConnection` closes on its loop,
/// `LineConnection` once no read or write uses it.)
///
/// ```swift
/// let listener = try UnixSocket.listen(at: SocketAddress(path: path))
/// let peer = try listener.accept()
/// peer.close()
/// ```
package final class UnixSocket: Sendable {
    /// The descriptor until `close()`, then -1.
    private let owned: Atomic<Int32>

    /// Takes ownership of `descriptor`.
    package init(descriptor: Int32) { owned = Atomic(descriptor) }

    /// The raw descriptor (for `epoll`, `poll`, `setsockopt`); -1 once closed.
    package var descriptor: Int32 { owned.load(ordering: .acquiring) }

    /// Whether `close()` ran.
    package var isClosed: Bool { descriptor < 0 }

    /// The open descriptor, or `EBADF` once closed.
    private func openDescriptor() throws -> Int32 {
        let fd = descriptor
        guard fd >= 0 else { throw Errno(EBADF) }
        return fd
    }

    /// A new close-on-exec stream socket.
    package static func make() throws -> UnixSocket {
        let fd = try retryingOnInterrupt { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        return UnixSocket(descriptor: fd)
    }

    /// Connects to a listening socket.
    package static func connect(to address: SocketAddress) throws -> UnixSocket {
        let socket = try make()
        do {
            let fd = try socket.openDescriptor()
            _ = try address.withSockAddr { pointer, length in
                try retryingOnInterrupt { Glibc.connect(fd, pointer, length) }
            }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Binds and listens at `address`, the containerization way: the parent directory is made
    /// private (0700) when Herald creates it, a stale socket left by a dead server is removed
    /// (a live one throws `IPCError.serverAlreadyRunning`), and the socket is made 0600 before
    /// `listen`, so no peer can connect while it is more open.
    package static func listen(at address: SocketAddress, backlog: Int32 = 64) throws -> UnixSocket {
        try SocketFiles.prepareDirectory(forSocketAt: address.path)
        try SocketFiles.removeStaleSocket(at: address)
        let socket = try make()
        do {
            let fd = try socket.openDescriptor()
            _ = try address.withSockAddr { pointer, length in
                try retryingOnInterrupt { bind(fd, pointer, length) }
            }
            try retryingOnInterrupt { chmod(address.path, 0o600) }
            try retryingOnInterrupt { Glibc.listen(fd, backlog) }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Waits for and returns the next connection (close-on-exec).
    package func accept() throws -> UnixSocket {
        // accept4 is a GNU extension Glibc's module does not import; set FD_CLOEXEC right after.
        let listener = try openDescriptor()
        let fd = try retryingOnInterrupt { Glibc.accept(listener, nil, nil) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return UnixSocket(descriptor: fd)
    }

    /// The next waiting connection (close-on-exec, non-blocking), or `nil` when none waits; the
    /// listener must be non-blocking.
    package func acceptWaiting() throws -> UnixSocket? {
        let socket: UnixSocket
        do {
            socket = try accept()
        } catch let error as Errno where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
            return nil
        }
        do {
            try socket.setNonBlocking()
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Makes reads, writes and `accept` return `EAGAIN` instead of waiting (for an event loop).
    package func setNonBlocking() throws {
        let fd = try openDescriptor()
        let flags = try retryingOnInterrupt { fcntl(fd, F_GETFL) }
        try retryingOnInterrupt { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// On a non-blocking socket: reads what is there; `nil` when nothing is (yet), `0` at the end
    /// of the stream.
    package func readAvailable(into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        do {
            return try read(into: buffer)
        } catch let error as Errno where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
            return nil
        }
    }

    /// Reads what is available (blocking until something is); `0` means end of stream.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let fd = try openDescriptor()
        return try retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes all of `bytes`; never raises `SIGPIPE` (a closed peer throws `EPIPE`).
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        let fd = try openDescriptor()
        var offset = 0
        while offset < bytes.count {
            let written = try retryingOnInterrupt {
                send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            offset += written
        }
    }

    /// Writes what fits in the socket's buffer now, without waiting; returns how many bytes
    /// that was (`0` when the buffer is full). Never raises `SIGPIPE`.
    package func writeAvailable(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        guard !bytes.isEmpty else { return 0 }
        let fd = try openDescriptor()
        do {
            return try retryingOnInterrupt {
                send(fd, bytes.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
        } catch let error as Errno where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
            return 0
        }
    }

    /// Who connected (`SO_PEERCRED`).
    package func peerCredentials() throws -> PeerCredentials { try PeerCredentials.of(try openDescriptor()) }

    /// Ends both directions; a thread blocked in `read` or `accept` returns. Nothing once closed.
    package func shutdown() {
        let fd = descriptor
        if fd >= 0 { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Closes the descriptor, the first time only: later calls, from any holder, do nothing.
    /// (`EINTR` is not retried: on Linux the descriptor is gone either way.)
    package func close() {
        let fd = owned.exchange(-1, ordering: .acquiringAndReleasing)
        if fd >= 0 { _ = Glibc.close(fd) }
    }
}
