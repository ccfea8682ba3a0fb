import Foundation

/// Says what is wrong with a line the JSON parser refused, in the protocol's words:
/// nesting too deep, a raw control character (NUL included) inside a string, a number
/// too large for a double (`1e400`). The parser's own messages blame the wrong thing ("expected
/// Dictionary" for a number out of range), so a refused line is scanned once more, by hand.
///
/// ```swift
/// JSONLineDiagnosis.explain(Data(#"{"a":1e400}"#.utf8))   // "the number 1e400 at byte 5 is …"
/// ```
package enum JSONLineDiagnosis {
    /// The deepest nesting of arrays and objects a line may have.
    package static let maximumDepth = 512

    /// The problem found, or `nil` when the scan sees nothing it can name.
    package static func explain(_ line: Data) -> String? {
        line.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var depth = 0
            var inString = false
            var escaped = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    } else if byte < 0x20 {
                        let code = String(byte, radix: 16, uppercase: true)
                        let padded = String(repeating: "0", count: 4 - code.count) + code
                        return "a string holds a raw control character (U+\(padded)) at byte \(index); "
                            + "JSON needs it escaped, as \\u\(padded)"
                    }
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > maximumDepth {
                        return "arrays and objects are nested more than \(maximumDepth) levels deep (at byte \(index)); "
                            + "the limit is \(maximumDepth)"
                    }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let start = index
                    while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                    let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    if let value = Double(token), !value.isFinite {
                        return "the number \(token.prefix(40)) at byte \(start) is out of range "
                            + "(the largest is about 1.8e308)"
                    }
                    continue
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    /// The first integer written with more digits than an Int64 holds (`30` digits for a badge),
    /// with the key it is the value of: "badge: 1234… does not fit a 64-bit integer".
    package static func oversizedInteger(in line: Data) -> String? {
        line.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            var lastString: Range<Int>?
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let start = index + 1
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    lastString = start..<min(index, bytes.count)
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    let start = index
                    while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
                    let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    let digits = token.hasPrefix("-") ? token.dropFirst() : Substring(token)
                    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), Int64(token) == nil {
                        let key = lastString.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
                        return "\(key ?? "a number"): \(token.prefix(40)) does not fit a 64-bit integer "
                            + "(from \(Int64.min) to \(Int64.max))"
                    }
                    continue
                }
                index += 1
            }
            return nil
        }
    }
}
