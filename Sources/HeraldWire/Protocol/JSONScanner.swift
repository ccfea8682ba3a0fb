import Foundation

/// A strict, allocation-light JSON syntax check that finds the members of an object without
/// building any values: the fast path for classifying a line (`LineObject`) before its one typed
/// decode.
///
/// It accepts a subset of what `JSONDecoder` accepts and answers `nil` for everything else —
/// invalid JSON, but also valid JSON it does not bother with (keys with escapes, duplicate keys,
/// exponents, very long numbers, `\u0000` and surrogate escapes, deep nesting). Callers then take
/// the slow path, which judges the line exactly as the decoder does; so a line the scanner accepts
/// is one the decoder accepts too.
///
/// ```swift
/// let members = JSONScanner.members(ofObjectIn: Data(#"{"id":7,"method":"post"}"#.utf8))
/// // [id: 6..<7 (integer), method: 17..<23 (string)]
/// ```
enum JSONScanner {
    /// What a member's value is.
    enum Kind: Sendable, Equatable {
        case object, array, literal
        /// A string; `hasEscapes` when it contains a backslash escape.
        case string(hasEscapes: Bool)
        /// A number; `isInteger` when it has no fraction.
        case number(isInteger: Bool)
    }

    /// One member of an object: byte ranges into the scanned buffer.
    struct Member: Sendable, Equatable {
        /// The key's bytes, without the quotes (never contains escapes).
        var key: Range<Int>
        /// The value's bytes (a string's with its quotes).
        var value: Range<Int>
        var kind: Kind
    }

    /// Deeper nesting is left to the decoder (which has its own limit).
    static let maximumDepth = 64
    /// Longer number literals are left to the decoder (it decides what is representable).
    static let maximumNumberLength = 20

    /// The members of the JSON object that is the whole of `data` (surrounding whitespace
    /// allowed), or `nil` when the data is not such an object or is beyond the fast path.
    static func members(ofObjectIn data: Data) -> [Member]? {
        data.withUnsafeBytes { members(ofObjectIn: $0, range: 0..<$0.count) }
    }

    /// The members of the JSON object that is exactly `range` of `bytes` (whitespace allowed
    /// around it), or `nil` (see the type's documentation).
    static func members(ofObjectIn bytes: UnsafeRawBufferPointer, range: Range<Int>) -> [Member]? {
        var cursor = Cursor(bytes: bytes, index: range.lowerBound, end: range.upperBound)
        cursor.skipWhitespace()
        guard let members = cursor.object(depth: 1, collecting: true) else { return nil }
        cursor.skipWhitespace()
        guard cursor.index == cursor.end else { return nil }
        if cursor.sawNonASCII, String(validating: bytes[range], as: UTF8.self) == nil { return nil }
        return members
    }

    /// The four hex digits of a `\uXXXX` escape at `start` (before `end`), or `nil`.
    static func hexQuad(in bytes: UnsafeRawBufferPointer, at start: Int, end: Int) -> UInt32? {
        guard start + 4 <= end else { return nil }
        var scalar: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            scalar = scalar << 4 | UInt32(digit)
        }
        return scalar
    }

    /// A position in the bytes being scanned.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index: Int
        let end: Int
        /// Whether a byte ≥ 0x80 occurred (inside a string; anywhere else fails at once).
        var sawNonASCII = false

        init(bytes: UnsafeRawBufferPointer, index: Int, end: Int) {
            self.bytes = bytes
            self.index = index
            self.end = end
        }

        private var current: UInt8? { index < end ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < end {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// An object at `index` (`{` expected); its members when `collecting`, else `[]`.
        mutating func object(depth: Int, collecting: Bool) -> [Member]? {
            guard current == UInt8(ascii: "{"), depth <= JSONScanner.maximumDepth else { return nil }
            index += 1
            var members: [Member] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return members
            }
            while true {
                skipWhitespace()
                let keyStart = index
                guard current == UInt8(ascii: "\""), let keyEscapes = string() else { return nil }
                let key = (keyStart + 1)..<(index - 1)
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                let valueStart = index
                guard let kind = value(depth: depth) else { return nil }
                if collecting {
                    // Keys with escapes or repeated keys: the decoder's rules apply (slow path).
                    guard !keyEscapes, !members.contains(where: { equal($0.key, key) }) else { return nil }
                    members.append(Member(key: key, value: valueStart..<index, kind: kind))
                }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return members
                default: return nil
                }
            }
        }

        mutating func value(depth: Int) -> Kind? {
            switch current {
            case UInt8(ascii: "{"): return object(depth: depth + 1, collecting: false) == nil ? nil : .object
            case UInt8(ascii: "["): return array(depth: depth + 1) ? .array : nil
            case UInt8(ascii: "\""): return string().map { .string(hasEscapes: $0) }
            case UInt8(ascii: "t"): return literal("true") ? .literal : nil
            case UInt8(ascii: "f"): return literal("false") ? .literal : nil
            case UInt8(ascii: "n"): return literal("null") ? .literal : nil
            default: return number().map { .number(isInteger: $0) }
            }
        }

        mutating func array(depth: Int) -> Bool {
            guard depth <= JSONScanner.maximumDepth else { return false }
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return true
            }
            while true {
                skipWhitespace()
                guard value(depth: depth) != nil else { return false }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return true
                default: return false
                }
            }
        }

        /// A string at `index` (`"` expected); whether it had escapes, `nil` when invalid.
        mutating func string() -> Bool? {
            index += 1
            var hasEscapes = false
            while index < end {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return hasEscapes
                case UInt8(ascii: "\\"):
                    hasEscapes = true
                    index += 1
                    guard let escaped = current else { return nil }
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        guard let scalar = hexQuad(at: index + 1), scalar != 0, !(0xD800...0xDFFF).contains(scalar) else {
                            return nil
                        }
                        index += 5
                    default: return nil
                    }
                case 0x00..<0x20: return nil
                case 0x80...:
                    sawNonASCII = true
                    index += 1
                default: index += 1
                }
            }
            return nil
        }

        func hexQuad(at start: Int) -> UInt32? { JSONScanner.hexQuad(in: bytes, at: start, end: end) }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= end else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// A number without exponent; whether it is an integer, `nil` when invalid or beyond the
        /// fast path.
        mutating func number() -> Bool? {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current else { return nil }
            switch first {
            case UInt8(ascii: "0"): index += 1
            case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
            default: return nil
            }
            var isInteger = true
            if current == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                skipDigits()
                guard index > fractionStart else { return nil }
                isInteger = false
            }
            guard current != UInt8(ascii: "e"), current != UInt8(ascii: "E"),
                  index - start <= JSONScanner.maximumNumberLength else { return nil }
            return isInteger
        }

        mutating func skipDigits() {
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }

        func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            guard a.count == b.count else { return false }
            return memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0
        }
    }
}
