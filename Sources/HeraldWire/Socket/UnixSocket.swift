import HeraldSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix-domain stream socket: a typed wrapper over the file descriptor and the few syscalls
/// Herald needs. Every call retries on `EINTR` and throws `Errno` otherwise.
///
/// ```swift
/// let listener = try UnixSocket.listen(at: SocketAddress(path: path))
/// let peer = try listener.accept()
/// ```
package struct UnixSocket: Sendable, Hashable {
    /// The raw descriptor.
    package let descriptor: Int32

    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// A new close-on-exec stream socket.
    package static func make() throws -> UnixSocket {
        let fd = try retryingOnInterrupt { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        return UnixSocket(descriptor: fd)
    }

    /// Connects to a listening socket.
    package static func connect(to address: SocketAddress) throws -> UnixSocket {
        let socket = try make()
        do {
            _ = try address.withSockAddr { pointer, length in
                try retryingOnInterrupt { Glibc.connect(socket.descriptor, pointer, length) }
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
            _ = try address.withSockAddr { pointer, length in
                try retryingOnInterrupt { bind(socket.descriptor, pointer, length) }
            }
            try retryingOnInterrupt { chmod(address.path, 0o600) }
            try retryingOnInterrupt { Glibc.listen(socket.descriptor, backlog) }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Waits for and returns the next connection (close-on-exec).
    package func accept() throws -> UnixSocket {
        // accept4 is a GNU extension Glibc's module does not import; set FD_CLOEXEC right after.
        let fd = try retryingOnInterrupt { Glibc.accept(descriptor, nil, nil) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return UnixSocket(descriptor: fd)
    }

    /// The next waiting connection (close-on-exec, non-blocking), or `nil` when none waits; the
    /// listener must be non-blocking.
    package func acceptWaiting() throws -> UnixSocket? {
        do {
            let socket = try accept()
            try socket.setNonBlocking()
            return socket
        } catch let error as Errno where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
            return nil
        }
    }

    /// Makes reads, writes and `accept` return `EAGAIN` instead of waiting (for an event loop).
    package func setNonBlocking() throws {
        let flags = try retryingOnInterrupt { fcntl(descriptor, F_GETFL) }
        try retryingOnInterrupt { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
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
        try retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Writes all of `bytes`; never raises `SIGPIPE` (a closed peer throws `EPIPE`).
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = try retryingOnInterrupt {
                send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            offset += written
        }
    }

    /// Writes what fits in the socket's buffer now, without waiting; returns how many bytes
    /// that was (`0` when the buffer is full). Never raises `SIGPIPE`.
    package func writeAvailable(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        guard !bytes.isEmpty else { return 0 }
        do {
            return try retryingOnInterrupt {
                send(descriptor, bytes.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
        } catch let error as Errno where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
            return 0
        }
    }

    /// Who connected (`SO_PEERCRED`).
    package func peerCredentials() throws -> PeerCredentials { try PeerCredentials.of(descriptor) }

    /// Ends both directions; a thread blocked in `read` or `accept` returns.
    package func shutdown() { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Closes the descriptor (once; `EINTR` is not retried, as on Linux the descriptor is gone).
    package func close() { _ = Glibc.close(descriptor) }
}
