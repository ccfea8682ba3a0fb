import Foundation
import HeraldCore

// The hellos: every connection starts with one each way, and a one-shot client (`herald post`)
// otherwise never needs `JSONEncoder` or `JSONDecoder` — whose first use costs a short-lived
// process more than the rest of its exchange.

extension HelloEnvelope: JSONFastCodable where H: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        try Self.write(hello, into: &writer)
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> HelloEnvelope {
        HelloEnvelope(hello: try read(from: &reader))
    }
}

extension HelloEnvelope where H: JSONFastCodable {
    /// The line `{"hello":…}` — what `WireCoding.encode(HelloEnvelope(hello:))` writes — by the
    /// fast codec directly: no `HelloEnvelope<H>` metadata made from its mangled name and no cast
    /// to `JSONFastCodable`, each of which looks a conformance up, the first time in a process by
    /// a scan of every conformance record in the binary (a `herald post` paid four for its hello).
    package static func line(_ hello: H) throws -> Data {
        var writer = JSONWriter(dates: WireCoding.dates)
        do {
            try write(hello, into: &writer)
            return LineBytes.data(writer.bytes)
        } catch {
            return try WireCoding.encode(HelloEnvelope(hello: hello))
        }
    }

    /// The hello in a `{"hello":…}` line, read the same way (`WireCoding.decode` when the fast
    /// codec cannot).
    package static func hello(from line: Data) throws -> H {
        let fast = line.withUnsafeBytes { bytes in
            try? JSONReader.read(from: bytes, dates: WireCoding.dates) { reader throws(JSONFastPathMiss) in try read(from: &reader) }
        }
        if let fast { return fast }
        return try WireCoding.decode(HelloEnvelope.self, from: line).hello
    }

    private static func write(_ hello: H, into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("hello")
        try writer.value(hello)
        writer.endObject()
    }

    private static func read(from reader: inout JSONReader) throws(JSONFastPathMiss) -> H {
        var hello: H?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            guard reader.key(key, is: "hello"), hello == nil else { throw JSONFastPathMiss() }
            hello = try reader.value(H.self)
        }
        guard let hello else { throw JSONFastPathMiss() }
        return hello
    }
}

extension ClientHello: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        if let bundleIdentifier {
            writer.key("bundleIdentifier")
            writer.string(bundleIdentifier)
        }
        if let client {
            writer.key("client")
            writer.string(client)
        }
        writer.key("protocol")
        writer.integer(protocolVersion)
        writer.key("role")
        writer.string(role.rawValue)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> ClientHello {
        var protocolVersion: Int?
        var role: ClientRole?
        var bundleIdentifier: String?
        var client: String?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "protocol") {
                try seen.mark(0)
                protocolVersion = try reader.integer(Int.self)
            } else if reader.key(key, is: "role") {
                try seen.mark(1)
                guard let known = ClientRole(rawValue: try reader.string()) else { throw JSONFastPathMiss() }
                role = known
            } else if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(2)
                bundleIdentifier = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "client") {
                try seen.mark(3)
                client = reader.null() ? nil : try reader.string()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let protocolVersion, let role else { throw JSONFastPathMiss() }
        return ClientHello(role: role, bundleIdentifier: bundleIdentifier, client: client, protocolVersion: protocolVersion)
    }
}

extension ServerHello: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("pid")
        writer.integer(pid)
        writer.key("protocol")
        writer.integer(protocolVersion)
        writer.key("server")
        writer.string(server)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> ServerHello {
        var pid: Int32?
        var protocolVersion: Int?
        var server: String?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "pid") {
                try seen.mark(0)
                pid = try reader.integer(Int32.self)
            } else if reader.key(key, is: "protocol") {
                try seen.mark(1)
                protocolVersion = try reader.integer(Int.self)
            } else if reader.key(key, is: "server") {
                try seen.mark(2)
                server = try reader.string()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let pid, let protocolVersion, let server else { throw JSONFastPathMiss() }
        return ServerHello(server: server, pid: pid, protocolVersion: protocolVersion)
    }
}
