import Foundation

// The hellos: every connection starts with one each way, and a one-shot client (`herald post`)
// otherwise never needs `JSONEncoder` or `JSONDecoder` — whose first use costs a short-lived
// process more than the rest of its exchange.

extension HelloEnvelope: WireFastCodable where H: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        try Self.write(hello, into: &writer)
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> HelloEnvelope {
        HelloEnvelope(hello: try read(from: &reader))
    }
}

extension HelloEnvelope where H: WireFastCodable {
    /// The line `{"hello":…}` — what `WireCoding.encode(HelloEnvelope(hello:))` writes — by the
    /// fast codec directly: no `HelloEnvelope<H>` metadata made from its mangled name and no cast
    /// to `WireFastCodable`, each of which looks a conformance up, the first time in a process by
    /// a scan of every conformance record in the binary (a `herald post` paid four for its hello).
    package static func line(_ hello: H) throws -> Data {
        var writer = WireJSONWriter()
        do {
            try write(hello, into: &writer)
            return writer.data
        } catch {
            return try WireCoding.encode(HelloEnvelope(hello: hello))
        }
    }

    /// The hello in a `{"hello":…}` line, read the same way (`WireCoding.decode` when the fast
    /// codec cannot).
    package static func hello(from line: Data) throws -> H {
        let fast = line.withUnsafeBytes { bytes in
            try? WireJSONReader.read(from: bytes) { reader throws(WireFastPathMiss) in try read(from: &reader) }
        }
        if let fast { return fast }
        return try WireCoding.decode(HelloEnvelope.self, from: line).hello
    }

    private static func write(_ hello: H, into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.key("hello")
        try writer.value(hello)
        writer.endObject()
    }

    private static func read(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> H {
        var hello: H?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            guard reader.key(key, is: "hello"), hello == nil else { throw WireFastPathMiss() }
            hello = try reader.value(H.self)
        }
        guard let hello else { throw WireFastPathMiss() }
        return hello
    }
}

extension ClientHello: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
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

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> ClientHello {
        var protocolVersion: Int?
        var role: ClientRole?
        var bundleIdentifier: String?
        var client: String?
        var seen = WireFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "protocol") {
                try seen.mark(0)
                protocolVersion = try reader.integer(Int.self)
            } else if reader.key(key, is: "role") {
                try seen.mark(1)
                guard let known = ClientRole(rawValue: try reader.string()) else { throw WireFastPathMiss() }
                role = known
            } else if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(2)
                bundleIdentifier = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "client") {
                try seen.mark(3)
                client = reader.null() ? nil : try reader.string()
            } else {
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let protocolVersion, let role else { throw WireFastPathMiss() }
        return ClientHello(role: role, bundleIdentifier: bundleIdentifier, client: client, protocolVersion: protocolVersion)
    }
}

extension ServerHello: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.key("pid")
        writer.integer(pid)
        writer.key("protocol")
        writer.integer(protocolVersion)
        writer.key("server")
        writer.string(server)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> ServerHello {
        var pid: Int32?
        var protocolVersion: Int?
        var server: String?
        var seen = WireFieldSet()
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
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let pid, let protocolVersion, let server else { throw WireFastPathMiss() }
        return ServerHello(server: server, pid: pid, protocolVersion: protocolVersion)
    }
}
