import Foundation

/// Writes JSON bytes exactly as the dialect's `JSONEncoder` does (`JSONDateForm`: sorted keys,
/// unescaped slashes, dates as the dialect spells them): strings escaped as swift-foundation
/// escapes them, numbers spelled as it spells them. The one JSON writer of the wire and the
/// store: the hand-written codecs (`JSONFastCodable`), the envelope lines and the store's rows
/// are written through it.
///
/// Objects are written member by member; the caller writes the keys in the encoder's order
/// (UTF-8 byte order) and leaves out absent optionals, as synthesized `encodeIfPresent` does.
///
/// ```swift
/// var writer = JSONWriter(dates: .secondsSince1970)
/// writer.beginObject()
/// writer.key("id"); writer.integer(7)
/// writer.endObject()              // {"id":7}
/// ```
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// How dates are spelled.
    package let dates: JSONDateForm
    /// Whether the next member or element is the first of its container.
    private var isFirst = true

    package init(dates: JSONDateForm, capacity: Int = 512) {
        self.dates = dates
        bytes.reserveCapacity(capacity)
    }

    package var data: Data { Data(bytes) }

    // MARK: Containers

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        isFirst = true
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        isFirst = false
    }

    package mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        isFirst = true
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        isFirst = false
    }

    /// `"key":` (with the comma before it when it is not the first member). Keys are the
    /// types' ASCII coding keys, which need no escapes.
    package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        isFirst = true   // the value that follows needs no comma
    }

    /// A dictionary key (escaped like any string).
    package mutating func dictionaryKey(_ key: String) {
        separate()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        isFirst = true
    }

    /// A dictionary as an object, its keys in UTF-8 order (the encoder's `sortedKeys`,
    /// `UTF8Order`), each value written by `value`.
    package mutating func dictionary<Value>(
        _ members: [String: Value], _ value: (inout JSONWriter, Value) throws(JSONFastPathMiss) -> Void
    ) throws(JSONFastPathMiss) {
        beginObject()
        // The members in the dictionary's own order, written in their keys' order: no key is
        // hashed again, and the sort compares bytes (`UTF8Order.sortedPositions`).
        let unsorted = Array(members)
        for position in UTF8Order.sortedPositions(of: unsorted.lazy.map { $0.key }) {
            let member = unsorted[position]
            dictionaryKey(member.key)
            try value(&self, member.value)
        }
        endObject()
    }

    /// Before an array element: the comma when it is not the first.
    package mutating func element() { separate() }

    private mutating func separate() {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
    }

    // MARK: Values

    package mutating func string(_ value: String) {
        writeString(value)
        isFirst = false
    }

    /// Its decimal digits, written straight into the bytes (no `String` made for each).
    package mutating func integer<I: FixedWidthInteger>(_ value: I) {
        if let value = Int64(exactly: value) {
            DecimalDigits.append(value, to: &bytes)
        } else {
            bytes.append(contentsOf: String(value).utf8)   // beyond 64 bits
        }
        isFirst = false
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        isFirst = false
    }

    package mutating func null() {
        bytes.append(contentsOf: Self.nullBytes)
        isFirst = false
    }

    /// The encoder's spelling: `description` without a trailing `.0`; not finite is not JSON
    /// (the encoder throws, so the `Codable` path decides).
    package mutating func double(_ value: Double) throws(JSONFastPathMiss) {
        guard value.isFinite else { throw JSONFastPathMiss() }
        writeNumber(value.description)
    }

    package mutating func float(_ value: Float) throws(JSONFastPathMiss) {
        guard value.isFinite else { throw JSONFastPathMiss() }
        writeNumber(value.description)
    }

    /// A date in the writer's dialect (`JSONDateForm`).
    package mutating func date(_ value: Date) throws(JSONFastPathMiss) {
        try double(dates.seconds(value))
    }

    /// A value the hand-written codec has no writer for (a rare shape): the dialect's encoder's
    /// bytes for it, which are what it would write inside the enclosing value too.
    package mutating func codable<T: Encodable>(_ value: T) throws(JSONFastPathMiss) {
        guard let encoded = try? dates.encoder.encode(value) else { throw JSONFastPathMiss() }
        json(encoded)
    }

    /// A value that is JSON already (a payload encoded elsewhere), as is.
    package mutating func json(_ encoded: Data) {
        bytes.append(contentsOf: encoded)
        isFirst = false
    }

    package mutating func value<T: JSONFastCodable>(_ value: T) throws(JSONFastPathMiss) {
        try value.fastEncode(into: &self)
        isFirst = false
    }

    /// A value of any type through its hand-written codec, in place, when it has one and the
    /// value is within its reach; `false`, with nothing written, otherwise (the caller then
    /// writes the `Codable` path's bytes, which are the same).
    package mutating func valueIfFast<T>(_ value: T) -> Bool {
        guard let fast = value as? any JSONFastCodable else { return false }
        let mark = bytes.count
        let wasFirst = isFirst
        do {
            try fast.fastEncode(into: &self)
        } catch {
            bytes.removeSubrange(mark...)
            isFirst = wasFirst
            return false
        }
        isFirst = false
        return true
    }

    // MARK: Spelling

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)

    private mutating func writeNumber(_ text: String) {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        isFirst = false
    }

    /// Quoted and escaped: `"` and `\` with a backslash, `\b \f \n \r \t`, other bytes below
    /// 0x20 as `\u00xx` (lower-case hex); everything else (slashes, DEL, non-ASCII) as is.
    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var mark = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if index > mark { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index])) }
                mark = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              Self.hexDigit(byte >> 4), Self.hexDigit(byte & 0xF)])
                }
            }
            if utf8.count > mark { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
