import Foundation

/// Writes an envelope line around already-encodable members, byte for byte as `WireCoding`'s
/// encoder writes the envelope struct (`RequestEnvelope`, `ResultEnvelope`, …), without its
/// keyed containers and key sorting: the hot messages' fast path. Members must be written in
/// key order (the wire's keys are sorted).
///
/// ```swift
/// var writer = EnvelopeWriter()
/// writer.integer("id", 7)
/// try writer.value("result", result)
/// let line = writer.finish()   // {"id":7,"result":…}
/// ```
struct EnvelopeWriter {
    private var data = Data()
    private var isFirst = true

    init() {
        data.reserveCapacity(256)
        data.append(UInt8(ascii: "{"))
    }

    /// `"key":123`.
    mutating func integer(_ key: StaticString, _ value: Int64) {
        self.key(key)
        appendUTF8(String(value))
    }

    /// `"key":"text"` (escaped as the encoder escapes).
    mutating func string(_ key: StaticString, _ value: String) throws {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            self.key(key)
            data.append(UInt8(ascii: "\""))
            appendUTF8(value)
            data.append(UInt8(ascii: "\""))
        } else {
            try self.value(key, value)
        }
    }

    /// `"key":<value as the wire encodes it>`.
    mutating func value<T: Encodable>(_ key: StaticString, _ value: T) throws {
        encoded(key, try WireCoding.encode(value))
    }

    /// A member whose value is JSON already.
    mutating func encoded(_ key: StaticString, _ json: Data) {
        self.key(key)
        data.append(json)
    }

    /// The line (without its newline).
    consuming func finish() -> Data {
        data.append(UInt8(ascii: "}"))
        return data
    }

    /// The text's bytes through its buffer: `Data.append(contentsOf:)` given a `String.UTF8View`
    /// casts it to a protocol first, and a first cast scans every conformance record in the binary
    /// (a `herald post` pays it at every start).
    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { data.append($0) }
    }

    private mutating func key(_ key: StaticString) {
        if !isFirst { data.append(UInt8(ascii: ",")) }
        isFirst = false
        data.append(UInt8(ascii: "\""))
        data.append(key.utf8Start, count: key.utf8CodeUnitCount)
        data.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }
}
