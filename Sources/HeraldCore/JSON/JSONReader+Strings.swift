import Foundation

// Strings: the contents between the quotes as the decoder reads them — escapes resolved,
// surrogate pairs joined, invalid UTF-8 and lone surrogates left to the decoder.

extension JSONReader {
    package mutating func string() throws(JSONFastPathMiss) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw JSONFastPathMiss() }
        // The scan on locals (no store through `self` at every byte).
        let bytes = bytes
        let end = end
        var index = self.index + 1
        let start = index
        var hasEscapes = false
        var highBits: UInt64 = 0
        index = Self.plainRunEnd(in: bytes, from: index, end: end, highBits: &highBits)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw JSONFastPathMiss() }
            if byte >= 0x80 { highBits |= 0x80 }
            index += 1
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index = Self.plainRunEnd(in: bytes, from: min(index + 1, end), end: end, highBits: &highBits)
            }
        }
        guard index < end else { throw JSONFastPathMiss() }
        let contents = start..<index
        self.index = index + 1
        isFirst = false
        let raw = UnsafeRawBufferPointer(rebasing: bytes[contents])
        if !hasEscapes {
            // ASCII (keys, bundle identifiers, most titles) is valid UTF-8 as it is: made without
            // the generic validation pass, which costs several times more per string.
            if highBits == 0 { return String(decoding: raw, as: UTF8.self) }
            guard let string = String(validating: raw, as: UTF8.self) else { throw JSONFastPathMiss() }
            return string
        }
        return try Self.unescape(raw)
    }

    /// Steps over a string (`"` expected), checking it as `string()` reads it — escapes, surrogate
    /// pairs, UTF-8 — without making it: whether it had escapes.
    mutating func skipString() throws(JSONFastPathMiss) -> Bool {
        guard current == UInt8(ascii: "\"") else { throw JSONFastPathMiss() }
        index += 1
        let start = index
        var hasEscapes = false
        var highBits: UInt64 = 0
        index = Self.plainRunEnd(in: bytes, from: index, end: end, highBits: &highBits)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw JSONFastPathMiss() }
            if byte >= 0x80 { highBits |= 0x80 }
            index += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            hasEscapes = true
            guard index < end else { throw JSONFastPathMiss() }
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 1
            case UInt8(ascii: "u"):
                guard let scalar = Self.hexQuad(in: bytes, at: index + 1, end: end) else { throw JSONFastPathMiss() }
                index += 5
                if (0xDC00...0xDFFF).contains(scalar) { throw JSONFastPathMiss() }
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 6 <= end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                          let low = Self.hexQuad(in: bytes, at: index + 2, end: end), (0xDC00...0xDFFF).contains(low) else {
                        throw JSONFastPathMiss()
                    }
                    index += 6
                }
            default: throw JSONFastPathMiss()
            }
            index = Self.plainRunEnd(in: bytes, from: index, end: end, highBits: &highBits)
        }
        guard index < end else { throw JSONFastPathMiss() }
        if highBits != 0, !Self.isValidUTF8(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) { throw JSONFastPathMiss() }
        index += 1
        isFirst = false
        return hasEscapes
    }

    /// Where a string's byte loop starts looking: past the eight-byte words from `start` that
    /// hold no quote, backslash or control character (at `start` when fewer than eight bytes
    /// remain). Bytes of 0x80 and over are not stopped at: their high bits are gathered in
    /// `highBits`, for the UTF-8 check. Called where a string starts and after each escape, so
    /// a short string pays one word's test and a long one an eighth of its bytes.
    @inline(__always)
    static func plainRunEnd(in bytes: UnsafeRawBufferPointer, from start: Int, end: Int,
                            highBits: inout UInt64) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= end {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A zero byte in `quote` or `backslash`, or a byte below 0x20 in `word` (exact for the
            // lowest such byte, which is all "any" asks).
            let stops = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word)
            if stops & highs != 0 { break }
            highBits |= word & highs
            index += 8
        }
        return index
    }

    /// Whether the bytes are UTF-8 (checked without making a string).
    private static func isValidUTF8(_ raw: UnsafeRawBufferPointer) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = raw.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
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

    /// The contents of a string with escapes; lone surrogates are the decoder's to refuse.
    private static func unescape(_ raw: UnsafeRawBufferPointer) throws(JSONFastPathMiss) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        func hexQuad(_ start: Int) throws(JSONFastPathMiss) -> UInt32 {
            guard let scalar = Self.hexQuad(in: raw, at: start, end: raw.count) else { throw JSONFastPathMiss() }
            return scalar
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw JSONFastPathMiss() }
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
                        throw JSONFastPathMiss()
                    }
                    let low = try hexQuad(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw JSONFastPathMiss() }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONFastPathMiss()
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw JSONFastPathMiss() }
                output.append(contentsOf: UTF8.encode(unicode)!)
            default: throw JSONFastPathMiss()
            }
        }
        guard let string = String(validating: output, as: UTF8.self) else { throw JSONFastPathMiss() }
        return string
    }
}
