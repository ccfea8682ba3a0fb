import HeraldSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A listening socket handed from one process to another: taken over from a supervisor
/// (`LISTEN_FDS`, systemd's socket activation) or passed over a connection (`SCM_RIGHTS`, a
/// daemon handing its center over). The socket stays open throughout, so a client connecting
/// meanwhile waits in its backlog instead of finding nobody.
///
/// ```swift
/// let listener = try UnixSocket.adoptListener(descriptor: 3)
/// try connection.sendPassing(listener.descriptor, line: reply)   // to the next daemon
/// let (count, descriptors) = try socket.receive(into: buffer)    // … which receives it
/// ```
extension UnixSocket {
    /// Takes over `descriptor`, which must be a listening Unix stream socket (else `EINVAL`,
    /// or `ENOTSOCK`); it is made close-on-exec. Its path is `boundPath`.
    package static func adoptListener(descriptor: Int32) throws -> UnixSocket {
        func option(_ name: Int32) throws -> Int32 {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            try retryingOnInterrupt { getsockopt(descriptor, SOL_SOCKET, name, &value, &length) }
            return value
        }
        guard try option(SO_DOMAIN) == AF_UNIX, try option(SO_TYPE) == Int32(SOCK_STREAM.rawValue),
              try option(SO_ACCEPTCONN) == 1 else { throw Errno(EINVAL) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return UnixSocket(descriptor: descriptor)
    }

    /// The path the socket is bound to (`getsockname`); `nil` for an unnamed or abstract socket.
    package var boundPath: String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        let path = withUnsafeBytes(of: address.sun_path) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return path.isEmpty ? nil : path
    }

    /// The control-message buffer for one descriptor: `CMSG_SPACE(sizeof(int))`, and the
    /// header's length `CMSG_LEN(sizeof(int))` (the C macros are not imported into Swift).
    private static var descriptorMessage: (space: Int, length: Int, dataOffset: Int) {
        let word = MemoryLayout<Int>.size
        let header = (MemoryLayout<cmsghdr>.size + word - 1) / word * word
        let data = (MemoryLayout<Int32>.size + word - 1) / word * word
        return (header + data, header + MemoryLayout<Int32>.size, header)
    }

    /// Writes `bytes` (all of them, blocking if need be) with `descriptor` attached to the first
    /// of them (`SCM_RIGHTS`): the peer receives its own copy of the descriptor.
    package func sendPassing(_ descriptor: Int32, bytes: [UInt8]) throws {
        precondition(!bytes.isEmpty, "a passed descriptor travels with at least one byte")
        let fd = self.descriptor
        guard fd >= 0 else { throw Errno(EBADF) }
        let layout = Self.descriptorMessage
        var control = [UInt8](repeating: 0, count: layout.space)
        control.withUnsafeMutableBytes { raw in
            let header = raw.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
            header.pointee.cmsg_len = Int(layout.length)
            header.pointee.cmsg_level = SOL_SOCKET
            header.pointee.cmsg_type = Int32(SCM_RIGHTS)
            raw.storeBytes(of: descriptor, toByteOffset: layout.dataOffset, as: Int32.self)
        }
        var sent = try bytes.withUnsafeBytes { payload in
            try control.withUnsafeMutableBytes { controlBytes in
                try Self.withMessage(UnsafeMutableRawPointer(mutating: payload.baseAddress), count: payload.count,
                                     control: controlBytes) { message in
                    try retryingOnInterrupt { sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
                }
            }
        }
        // The rest (rare: the line is short) goes as plain bytes.
        while sent < bytes.count {
            sent += try bytes[sent...].withUnsafeBytes { rest in
                try retryingOnInterrupt { send(fd, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL)) }
            }
        }
    }

    /// Reads what is available (blocking until something is), and any descriptors passed with
    /// it (each close-on-exec, now owned by the caller). `0` bytes: the end of the stream.
    package func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> (count: Int, descriptors: [Int32]) {
        let fd = self.descriptor
        guard fd >= 0 else { throw Errno(EBADF) }
        let layout = Self.descriptorMessage
        var control = [UInt8](repeating: 0, count: layout.space * 4)
        return try control.withUnsafeMutableBytes { controlBytes in
            try Self.withMessage(buffer.baseAddress, count: buffer.count, control: controlBytes) { message in
                let count = try retryingOnInterrupt { recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC)) }
                return (count, Self.descriptors(in: UnsafeRawBufferPointer(rebasing: controlBytes[0..<Int(message.msg_controllen)])))
            }
        }
    }

    /// Runs `body` with a `msghdr` for one buffer of `count` bytes at `bytes` and a control buffer.
    private static func withMessage<R>(_ bytes: UnsafeMutableRawPointer?, count: Int, control: UnsafeMutableRawBufferPointer,
                                       _ body: (inout msghdr) throws -> R) rethrows -> R {
        var vector = iovec(iov_base: bytes, iov_len: count)
        return try withUnsafeMutablePointer(to: &vector) { vectorPointer in
            var message = msghdr()
            message.msg_iov = vectorPointer
            message.msg_iovlen = 1
            message.msg_control = control.baseAddress
            message.msg_controllen = control.count
            return try body(&message)
        }
    }

    /// The `SCM_RIGHTS` descriptors in a received control buffer.
    private static func descriptors(in control: UnsafeRawBufferPointer) -> [Int32] {
        let word = MemoryLayout<Int>.size
        let headerSize = descriptorMessage.dataOffset
        var descriptors: [Int32] = []
        var offset = 0
        while offset + headerSize <= control.count {
            let length = control.load(fromByteOffset: offset, as: Int.self)
            let level = control.load(fromByteOffset: offset + word, as: Int32.self)
            let type = control.load(fromByteOffset: offset + word + 4, as: Int32.self)
            guard length >= headerSize, offset + length <= control.count else { break }
            if level == SOL_SOCKET && type == Int32(SCM_RIGHTS) {
                var at = offset + headerSize
                while at + 4 <= offset + length {
                    descriptors.append(control.load(fromByteOffset: at, as: Int32.self))
                    at += 4
                }
            }
            offset += (length + word - 1) / word * word
        }
        return descriptors
    }
}
