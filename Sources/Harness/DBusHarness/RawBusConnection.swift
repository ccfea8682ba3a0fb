import Foundation
import HeraldSystem
#if canImport(Glibc)
import Glibc
#endif

/// A D-Bus connection spoken by hand on the socket — authentication, `Hello`, method calls
/// marshalled here — for sending what libdbus and GLib refuse to send (a string that is not
/// UTF-8): what does the bus, and the server behind it, do with it? Every read has a time limit.
///
/// ```swift
/// let raw = try RawBusConnection(address: bus.address)
/// try raw.call(destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
///              interface: "org.freedesktop.Notifications", member: "Notify", notifyArguments(summary: [0xC3, 0x28]))
/// raw.waitForEndOfFile(timeout: 10)   // true: the bus dropped the connection
/// ```
public final class RawBusConnection {
    private let socket: Int32
    private var serial: UInt32 = 0

    /// Connects to a `unix:path=…` or `unix:abstract=…` address, authenticates (EXTERNAL) and
    /// says `Hello`.
    public init(address: String) throws {
        var fields: [String: String] = [:]
        for pair in address.split(separator: ";").first?.dropFirst("unix:".count).split(separator: ",") ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        var path: [UInt8]
        if let file = fields["path"] {
            path = Array(file.utf8)
        } else if let abstract = fields["abstract"] {
            path = [0] + Array(abstract.utf8)
        } else {
            throw ProcessError("RawBusConnection: cannot use the address \(address)")
        }
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ProcessError("socket: \(Errno.current)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw ProcessError("address too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path.first == 0 ? 0 : 1))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, length) }
        }
        // Every stored property is set by now, so a throw runs `deinit`, which closes the
        // socket: closing it here as well would close whatever took its number meanwhile.
        guard connected == 0 else { throw ProcessError("connect: \(Errno.current)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let uid = String(getuid()).utf8.map { String(format: "%02x", $0) }.joined()
        try send([0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8))
        let answer = String(decoding: try receive(), as: UTF8.self)
        guard answer.hasPrefix("OK ") else { throw ProcessError("the bus refused authentication: \(answer)") }
        try send(Array("BEGIN\r\n".utf8))
        try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                 member: "Hello", signature: "", body: [])
        _ = try receive()
    }

    deinit { if socket >= 0 { close(socket) } }

    /// Sends a method call with a body already marshalled (little-endian) for `signature`.
    public func call(destination: String, path: String, interface: String, member: String, signature: String,
                     body: [UInt8]) throws {
        serial += 1
        var header = Marshal()
        header.bytes += [UInt8(ascii: "l"), 1, 0, 1]
        header.uint32(UInt32(body.count))
        header.uint32(serial)
        var fields = Marshal()
        func field(_ code: UInt8, _ type: String, _ value: String) {
            fields.align(8)
            fields.bytes.append(code)
            fields.signature(type)
            type == "g" ? fields.signature(value) : fields.string(Array(value.utf8))
        }
        field(1, "o", path)
        field(2, "s", interface)
        field(3, "s", member)
        field(6, "s", destination)
        if !signature.isEmpty { field(8, "g", signature) }
        header.uint32(UInt32(fields.bytes.count))
        header.align(8)   // the array's first element (16 is already a multiple of 8)
        header.bytes += fields.bytes
        header.align(8)
        try send(header.bytes + body)
    }

    /// Waits up to `timeout` seconds for the bus to close the connection; whether it did.
    /// Whatever arrives meanwhile (replies, errors) is read and dropped.
    public func waitForEndOfFile(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var fd = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, 100) >= 0 || errno == EINTR else { return false }
            guard fd.revents != 0 else { continue }
            let count = read(socket, &buffer, buffer.count)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
        }
        return false
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw ProcessError("write to the bus: \(Errno.current)") }
            offset += written
        }
    }

    private func receive() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(socket, &buffer, buffer.count)
        guard count > 0 else { throw ProcessError("the bus said nothing (\(count < 0 ? "\(Errno.current)" : "end of file"))") }
        return Array(buffer[..<count])
    }

    /// The body of a `Notify` call ("susssasa{sv}i") with `summary` as raw bytes, empty actions
    /// and hints, and timeout −1.
    public static func notifyBody(appName: String, summary: [UInt8], body: String = "") -> [UInt8] {
        var marshal = Marshal()
        marshal.string(Array(appName.utf8))
        marshal.uint32(0)
        marshal.string([])
        marshal.string(summary)
        marshal.string(Array(body.utf8))
        marshal.uint32(0)       // actions: empty array of strings
        marshal.uint32(0)       // hints: empty array of dict entries…
        marshal.align(8)        // …padded to its 8-aligned (empty) first entry
        marshal.uint32(UInt32(bitPattern: -1))
        return marshal.bytes
    }
}

/// Little-endian D-Bus marshalling of the few types the raw connection needs.
private struct Marshal {
    var bytes: [UInt8] = []

    mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    mutating func uint32(_ value: UInt32) {
        align(4)
        bytes += withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// A string or object path: length, bytes, NUL.
    mutating func string(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        bytes += value + [0]
    }

    /// A signature: one-byte length, bytes, NUL.
    mutating func signature(_ value: String) {
        bytes.append(UInt8(value.utf8.count))
        bytes += Array(value.utf8) + [0]
    }
}
