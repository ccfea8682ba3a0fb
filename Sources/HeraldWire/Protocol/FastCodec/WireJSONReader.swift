import Foundation
import HeraldCore

/// Reads JSON bytes the way `WireCoding`'s `JSONDecoder` reads them, for the shapes the fast
/// codec handles; everything else — unknown keys (a newer field goes through `Codable`, never
/// dropped), escapes in keys, duplicate keys, numbers an integer field would have to round,
/// lone surrogates, deep nesting, invalid JSON — is a `WireFastPathMiss`,
/// and the `Codable` path decides (and words the error). The fast codec's input side.
///
/// ```swift
/// try reader.beginObject()
/// while let key = try reader.nextKey() {
///     if reader.key(key, is: "id") { id = try reader.integer(Int64.self) } else { throw WireFastPathMiss() }
/// }
/// ```
package struct WireJSONReader: ~Copyable {
    /// A key's bytes (without the quotes) in the buffer.
    package typealias Key = Range<Int>

    private let bytes: UnsafeRawBufferPointer
    package private(set) var index: Int
    private let end: Int
    /// Containers open around the position (deeper input is left to the decoder).
    private var depth = 0
    /// Whether the container being read has had a member or element yet.
    private var isFirst = true

    static let maximumDepth = 64

    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        index = 0
        end = bytes.count
    }

    /// Reads one `T` that is the whole of `bytes` (whitespace allowed around it).
    package static func read<T: WireFastCodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws(WireFastPathMiss) -> T {
        try read(from: bytes) { reader throws(WireFastPathMiss) in try reader.value(T.self) }
    }

    /// Reads what `body` reads, which must be the whole of `bytes` (whitespace allowed around it).
    package static func read<T>(from bytes: UnsafeRawBufferPointer,
                                _ body: (inout WireJSONReader) throws(WireFastPathMiss) -> T) throws(WireFastPathMiss) -> T {
        var reader = WireJSONReader(bytes: bytes)
        let value = try body(&reader)
        reader.skipWhitespace()
        guard reader.index == reader.end else { throw WireFastPathMiss() }
        return value
    }

    // MARK: Containers

    package mutating func beginObject() throws(WireFastPathMiss) {
        try open(UInt8(ascii: "{"))
    }

    /// The next member's key (the reader then stands at its value), or `nil` at the closing
    /// brace (consumed). Keys with escapes are left to the decoder.
    package mutating func nextKey() throws(WireFastPathMiss) -> Key? {
        guard try nextItem(closing: UInt8(ascii: "}")) else { return nil }
        guard current == UInt8(ascii: "\"") else { throw WireFastPathMiss() }
        index += 1
        let start = index
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte != UInt8(ascii: "\\"), byte < 0x80 else { throw WireFastPathMiss() }
            index += 1
        }
        guard index < end else { throw WireFastPathMiss() }
        let key = start..<index
        index += 1
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw WireFastPathMiss() }
        index += 1
        skipWhitespace()
        return key
    }

    /// Whether `key` is `name`.
    package func key(_ key: Key, is name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        return memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
    }

    /// `{}` (a case without associated values); anything inside is left to the decoder.
    package mutating func emptyObject() throws(WireFastPathMiss) {
        try beginObject()
        guard try nextKey() == nil else { throw WireFastPathMiss() }
    }

    package mutating func beginArray() throws(WireFastPathMiss) {
        try open(UInt8(ascii: "["))
    }

    /// Whether another element follows (the reader then stands at it); `false` at the closing
    /// bracket (consumed).
    package mutating func nextElement() throws(WireFastPathMiss) -> Bool {
        try nextItem(closing: UInt8(ascii: "]"))
    }

    private mutating func open(_ bracket: UInt8) throws(WireFastPathMiss) {
        skipWhitespace()
        guard current == bracket, depth < Self.maximumDepth else { throw WireFastPathMiss() }
        index += 1
        depth += 1
        isFirst = true
    }

    /// Past the comma before an item (a trailing comma then fails where the item is read).
    private mutating func nextItem(closing: UInt8) throws(WireFastPathMiss) -> Bool {
        skipWhitespace()
        if isFirst, current == closing {
            index += 1
            depth -= 1
            isFirst = false
            return false
        }
        if !isFirst {
            if current == closing {
                index += 1
                depth -= 1
                return false
            }
            guard current == UInt8(ascii: ",") else { throw WireFastPathMiss() }
            index += 1
            skipWhitespace()
        }
        isFirst = false
        return true
    }

    /// Whether the value at the position is `null` (consumed when it is).
    package mutating func null() -> Bool {
        skipWhitespace()
        guard literal("null") else { return false }
        isFirst = false
        return true
    }

    // MARK: Values

    package mutating func value<T: WireFastCodable>(_ type: T.Type) throws(WireFastPathMiss) -> T {
        let value = try T.fastDecode(from: &self)
        isFirst = false
        return value
    }

    /// A value the fast codec has no reader for: its bytes, decoded by the decoder (which reads
    /// it as it would inside the enclosing value). A failure is left to the `Codable` path, whose
    /// error names the whole path.
    package mutating func codable<T: Decodable>(_ type: T.Type) throws(WireFastPathMiss) -> T {
        skipWhitespace()
        let start = index
        try skipValue()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        guard let value = try? WireCoding.codableDecode(T.self, from: Data(slice)) else { throw WireFastPathMiss() }
        return value
    }

    package mutating func bool() throws(WireFastPathMiss) -> Bool {
        skipWhitespace()
        defer { isFirst = false }
        if literal("true") { return true }
        if literal("false") { return false }
        throw WireFastPathMiss()
    }

    /// An integer literal (no fraction, no exponent: the decoder would round those) that fits.
    package mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws(WireFastPathMiss) -> I {
        let literal = try number()
        guard literal.isInteger else { throw WireFastPathMiss() }
        return try integerValue(literal.range, I.self)
    }

    package mutating func double() throws(WireFastPathMiss) -> Double {
        try doubleValue(try number().range)
    }

    /// Within `Float`'s range (the decoder's judgement of the edges is left to it).
    package mutating func float() throws(WireFastPathMiss) -> Float {
        let range = try number().range
        guard abs(try doubleValue(range)) <= Double(Float.greatestFiniteMagnitude),
              let value = Float(text(range)), value.isFinite else { throw WireFastPathMiss() }
        return value
    }

    /// A literal's value; overflow, and a literal with significant digits that underflows to
    /// zero, are the decoder's to judge.
    private func doubleValue(_ range: Range<Int>) throws(WireFastPathMiss) -> Double {
        guard let value = Double(text(range)), value.isFinite else { throw WireFastPathMiss() }
        if value == 0 {
            for position in range {
                let byte = bytes[position]
                if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
                if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { throw WireFastPathMiss() }
            }
        }
        return value
    }

    /// `secondsSince1970`.
    package mutating func date() throws(WireFastPathMiss) -> Date {
        Date(timeIntervalSince1970: try double())
    }

    package mutating func string() throws(WireFastPathMiss) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw WireFastPathMiss() }
        index += 1
        let start = index
        var hasEscapes = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw WireFastPathMiss() }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 1
            }
            index += 1
        }
        guard index < end else { throw WireFastPathMiss() }
        let contents = start..<index
        index += 1
        isFirst = false
        let raw = UnsafeRawBufferPointer(rebasing: bytes[contents])
        if !hasEscapes {
            guard let string = String(validating: raw, as: UTF8.self) else { throw WireFastPathMiss() }
            return string
        }
        return try Self.unescape(raw)
    }

    /// A JSON value as `JSONValue`'s decoder reads it: `null`, `Bool`, then `Int`, `Double`,
    /// `String`, array, object, in that order of tries.
    package mutating func jsonValue() throws(WireFastPathMiss) -> JSONValue {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "n"):
            guard null() else { throw WireFastPathMiss() }
            return .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try bool())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            try beginArray()
            var elements: [JSONValue] = []
            while try nextElement() { elements.append(try jsonValue()) }
            isFirst = false
            return .array(elements)
        case UInt8(ascii: "{"): return .object(try jsonObject())
        default:
            let literal = try number()
            if literal.isInteger {
                // Too large for `Int`: the decoder falls through to `Double`.
                if let value = try? integerValue(literal.range, Int.self) { return .int(value) }
                return .double(try doubleValue(literal.range))
            }
            // A fraction or exponent: the decoder reads an integral value as `Int`; only a value
            // with a fractional part is certainly a `Double`.
            let value = try doubleValue(literal.range)
            guard value.rounded(.towardZero) != value else { throw WireFastPathMiss() }
            return .double(value)
        }
    }

    /// An object of JSON values (`userInfo`); keys may have escapes, duplicates are the decoder's.
    package mutating func jsonObject() throws(WireFastPathMiss) -> [String: JSONValue] {
        try beginObject()
        var object: [String: JSONValue] = [:]
        var more = try nextMemberStart()
        while more {
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw WireFastPathMiss() }
            index += 1
            let value = try jsonValue()
            guard object.updateValue(value, forKey: key) == nil else { throw WireFastPathMiss() }
            more = try nextMemberStart()
        }
        isFirst = false
        return object
    }

    /// Like `nextKey`, for keys read as strings: whether a member follows.
    private mutating func nextMemberStart() throws(WireFastPathMiss) -> Bool {
        try nextItem(closing: UInt8(ascii: "}"))
    }

    /// Steps over one value of any kind, checking it is JSON.
    package mutating func skipValue() throws(WireFastPathMiss) {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextMemberStart() {
                _ = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw WireFastPathMiss() }
                index += 1
                try skipValue()
            }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard null() else { throw WireFastPathMiss() }
        default: _ = try number()
        }
        isFirst = false
    }

    // MARK: Scanning

    private var current: UInt8? { index < end ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= end, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// A number literal in JSON's grammar: its bytes, and whether it has neither fraction nor exponent.
    private mutating func number() throws(WireFastPathMiss) -> (range: Range<Int>, isInteger: Bool) {
        skipWhitespace()
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current else { throw WireFastPathMiss() }
        switch first {
        case UInt8(ascii: "0"): index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
        default: throw WireFastPathMiss()
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw WireFastPathMiss() }
            isInteger = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw WireFastPathMiss() }
            isInteger = false
        }
        // Long literals: the decoder decides what is representable.
        guard index - start <= 32 else { throw WireFastPathMiss() }
        isFirst = false
        return (start..<index, isInteger)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private func integerValue<I: FixedWidthInteger>(_ range: Range<Int>, _ type: I.Type) throws(WireFastPathMiss) -> I {
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative {
            guard I.isSigned else { throw WireFastPathMiss() }
            position += 1
        }
        var value: I = 0
        while position < range.upperBound {
            let digit = I(bytes[position] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw WireFastPathMiss() }
            value = next
            position += 1
        }
        return value
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The contents of a string with escapes; lone surrogates are the decoder's to refuse.
    private static func unescape(_ raw: UnsafeRawBufferPointer) throws(WireFastPathMiss) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        func hexQuad(_ start: Int) throws(WireFastPathMiss) -> UInt32 {
            guard let scalar = JSONScanner.hexQuad(in: raw, at: start, end: raw.count) else { throw WireFastPathMiss() }
            return scalar
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw WireFastPathMiss() }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                        throw WireFastPathMiss()
                    }
                    let low = try hexQuad(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw WireFastPathMiss() }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw WireFastPathMiss()
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw WireFastPathMiss() }
                output.append(contentsOf: UTF8.encode(unicode)!)
            default: throw WireFastPathMiss()
            }
        }
        guard let string = String(validating: output, as: UTF8.self) else { throw WireFastPathMiss() }
        return string
    }
}

extension WireJSONReader {
    /// An object whose one member is `name`: its value, read by `read`.
    package mutating func single<T>(_ name: StaticString,
                                    _ read: (inout WireJSONReader) throws(WireFastPathMiss) -> T) throws(WireFastPathMiss) -> T {
        guard let value = try optionalSingle(name, read) else { throw WireFastPathMiss() }
        return value
    }

    /// Like `single`, for an optional member: `nil` when absent or `null`.
    package mutating func optionalSingle<T>(_ name: StaticString,
                                            _ read: (inout WireJSONReader) throws(WireFastPathMiss) -> T) throws(WireFastPathMiss) -> T? {
        var value: T?
        var seen = false
        try beginObject()
        while let key = try nextKey() {
            // A repeated key, or one this codec does not know: Codable reads it.
            guard self.key(key, is: name), !seen else { throw WireFastPathMiss() }
            seen = true
            value = null() ? nil : try read(&self)
        }
        return value
    }
}
