import Foundation

/// Reads JSON bytes the way the dialect's `JSONDecoder` reads them (`JSONDateForm`), for the
/// shapes the hand-written codec handles; everything else — unknown keys (a newer field goes
/// through `Codable`, never dropped), escapes in keys, duplicate keys, numbers an integer field
/// would have to round, lone surrogates, deep nesting, invalid JSON — is a `JSONFastPathMiss`,
/// and the `Codable` path decides (and words the error). The one JSON reader of the wire and
/// the store: the hand-written codecs (`JSONFastCodable`) and the line classifier
/// (`LineObject`) read through it.
///
/// ```swift
/// try reader.beginObject()
/// while let key = try reader.nextKey() {
///     if reader.key(key, is: "id") { id = try reader.integer(Int64.self) } else { throw JSONFastPathMiss() }
/// }
/// ```
package struct JSONReader: ~Copyable {
    /// A key's bytes (without the quotes) in the buffer.
    package typealias Key = Range<Int>

    let bytes: UnsafeRawBufferPointer
    /// The position: the next byte to read.
    package internal(set) var index: Int
    var end: Int
    /// How dates are spelled.
    package let dates: JSONDateForm
    /// Containers open around the position (deeper input is left to the decoder).
    var depth = 0
    /// Whether the container being read has had a member or element yet.
    var isFirst = true

    static let maximumDepth = 64

    /// A reader of `bytes` from their start.
    package init(bytes: UnsafeRawBufferPointer, dates: JSONDateForm) {
        self.bytes = bytes
        index = 0
        end = bytes.count
        self.dates = dates
    }

    /// Reads one `T` that is the whole of `bytes` (whitespace allowed around it).
    package static func read<T: JSONFastCodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer,
                                                 dates: JSONDateForm) throws(JSONFastPathMiss) -> T {
        try read(from: bytes, dates: dates) { reader throws(JSONFastPathMiss) in try reader.value(T.self) }
    }

    /// Reads what `body` reads, which must be the whole of `bytes` (whitespace allowed around it).
    package static func read<T>(from bytes: UnsafeRawBufferPointer, dates: JSONDateForm,
                                _ body: (inout JSONReader) throws(JSONFastPathMiss) -> T) throws(JSONFastPathMiss) -> T {
        var reader = JSONReader(bytes: bytes, dates: dates)
        let value = try body(&reader)
        reader.skipWhitespace()
        guard reader.index == reader.end else { throw JSONFastPathMiss() }
        return value
    }

    // MARK: Containers

    package mutating func beginObject() throws(JSONFastPathMiss) {
        try open(UInt8(ascii: "{"))
    }

    /// The next member's key (the reader then stands at its value), or `nil` at the closing
    /// brace (consumed). Keys with escapes or bytes beyond ASCII are left to the decoder.
    package mutating func nextKey() throws(JSONFastPathMiss) -> Key? {
        guard try nextItem(closing: UInt8(ascii: "}")) else { return nil }
        guard current == UInt8(ascii: "\"") else { throw JSONFastPathMiss() }
        index += 1
        let start = index
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte != UInt8(ascii: "\\"), byte < 0x80 else { throw JSONFastPathMiss() }
            index += 1
        }
        guard index < end else { throw JSONFastPathMiss() }
        let key = start..<index
        index += 1
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw JSONFastPathMiss() }
        index += 1
        skipWhitespace()
        return key
    }

    /// Whether `key` is `name`.
    package func key(_ key: Key, is name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        return memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
    }

    /// Whether `key` is `name` (a key chosen at run time).
    package func key(_ key: Key, equals name: String) -> Bool {
        var name = name
        return name.withUTF8 { name in
            key.count == name.count
                && (name.isEmpty || memcmp(bytes.baseAddress! + key.lowerBound, name.baseAddress!, key.count) == 0)
        }
    }

    /// The key's text.
    package func text(of key: Key) -> String { text(key) }

    /// `{}` (a case without associated values); anything inside is left to the decoder.
    package mutating func emptyObject() throws(JSONFastPathMiss) {
        try beginObject()
        guard try nextKey() == nil else { throw JSONFastPathMiss() }
    }

    package mutating func beginArray() throws(JSONFastPathMiss) {
        try open(UInt8(ascii: "["))
    }

    /// Whether another element follows (the reader then stands at it); `false` at the closing
    /// bracket (consumed).
    package mutating func nextElement() throws(JSONFastPathMiss) -> Bool {
        try nextItem(closing: UInt8(ascii: "]"))
    }

    private mutating func open(_ bracket: UInt8) throws(JSONFastPathMiss) {
        skipWhitespace()
        guard current == bracket, depth < Self.maximumDepth else { throw JSONFastPathMiss() }
        index += 1
        depth += 1
        isFirst = true
    }

    /// Past the comma before an item (a trailing comma then fails where the item is read).
    mutating func nextItem(closing: UInt8) throws(JSONFastPathMiss) -> Bool {
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
            guard current == UInt8(ascii: ",") else { throw JSONFastPathMiss() }
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

    // MARK: Scanning

    var current: UInt8? { index < end ? bytes[index] : nil }

    package mutating func skipWhitespace() {
        var position = index
        while position < end {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default:
                index = position
                return
            }
        }
        index = position
    }

    /// Whether the whole input has been read (whitespace aside).
    package mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == end
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= end, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

extension JSONReader {
    /// An object whose one member is `name`: its value, read by `read`.
    package mutating func single<T>(_ name: StaticString,
                                    _ read: (inout JSONReader) throws(JSONFastPathMiss) -> T) throws(JSONFastPathMiss) -> T {
        guard let value = try optionalSingle(name, read) else { throw JSONFastPathMiss() }
        return value
    }

    /// Like `single`, for an optional member: `nil` when absent or `null`.
    package mutating func optionalSingle<T>(_ name: StaticString,
                                            _ read: (inout JSONReader) throws(JSONFastPathMiss) -> T) throws(JSONFastPathMiss) -> T? {
        var value: T?
        var seen = false
        try beginObject()
        while let key = try nextKey() {
            // A repeated key, or one this codec does not know: Codable reads it.
            guard self.key(key, is: name), !seen else { throw JSONFastPathMiss() }
            seen = true
            value = null() ? nil : try read(&self)
        }
        return value
    }
}
