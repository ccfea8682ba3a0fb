import Foundation

// Values of a known type: nested hand-written values, the `Codable` fallback for one member,
// booleans, numbers and dates, read as the dialect's `JSONDecoder` reads them.

extension JSONReader {
    package mutating func value<T: JSONFastCodable>(_ type: T.Type) throws(JSONFastPathMiss) -> T {
        let value = try T.fastDecode(from: &self)
        isFirst = false
        return value
    }

    /// A value the hand-written codec has no reader for: its bytes, decoded by the dialect's
    /// decoder (which reads it as it would inside the enclosing value). A failure is left to the
    /// `Codable` path, whose error names the whole path.
    package mutating func codable<T: Decodable>(_ type: T.Type) throws(JSONFastPathMiss) -> T {
        skipWhitespace()
        let start = index
        try skipValue()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        guard let value = try? dates.decoder.decode(T.self, from: Data(slice)) else { throw JSONFastPathMiss() }
        return value
    }

    package mutating func bool() throws(JSONFastPathMiss) -> Bool {
        skipWhitespace()
        defer { isFirst = false }
        if literal("true") { return true }
        if literal("false") { return false }
        throw JSONFastPathMiss()
    }

    /// An integer literal (no fraction, no exponent: the decoder would round those) that fits.
    package mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws(JSONFastPathMiss) -> I {
        let literal = try number()
        guard literal.isInteger else { throw JSONFastPathMiss() }
        return try integerValue(literal.range, I.self)
    }

    package mutating func double() throws(JSONFastPathMiss) -> Double {
        try doubleValue(try number().range)
    }

    /// Within `Float`'s range (the decoder's judgement of the edges is left to it).
    package mutating func float() throws(JSONFastPathMiss) -> Float {
        let range = try number().range
        guard abs(try doubleValue(range)) <= Double(Float.greatestFiniteMagnitude),
              let value = Float(text(range)), value.isFinite else { throw JSONFastPathMiss() }
        return value
    }

    /// A date in the reader's dialect (`JSONDateForm`).
    package mutating func date() throws(JSONFastPathMiss) -> Date {
        dates.date(try double())
    }

    /// A literal's value; overflow, and a literal with significant digits that underflows to
    /// zero, are the decoder's to judge.
    func doubleValue(_ range: Range<Int>) throws(JSONFastPathMiss) -> Double {
        guard let value = Double(text(range)), value.isFinite else { throw JSONFastPathMiss() }
        if value == 0 {
            for position in range {
                let byte = bytes[position]
                if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
                if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { throw JSONFastPathMiss() }
            }
        }
        return value
    }

    /// A number literal in JSON's grammar: its bytes, and whether it has neither fraction nor exponent.
    mutating func number() throws(JSONFastPathMiss) -> (range: Range<Int>, isInteger: Bool) {
        skipWhitespace()
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current else { throw JSONFastPathMiss() }
        switch first {
        case UInt8(ascii: "0"): index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
        default: throw JSONFastPathMiss()
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw JSONFastPathMiss() }
            isInteger = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw JSONFastPathMiss() }
            isInteger = false
        }
        // Long literals: the decoder decides what is representable.
        guard index - start <= 32 else { throw JSONFastPathMiss() }
        isFirst = false
        return (start..<index, isInteger)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    func integerValue<I: FixedWidthInteger>(_ range: Range<Int>, _ type: I.Type) throws(JSONFastPathMiss) -> I {
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative {
            guard I.isSigned else { throw JSONFastPathMiss() }
            position += 1
        }
        var value: I = 0
        while position < range.upperBound {
            let digit = I(bytes[position] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw JSONFastPathMiss() }
            value = next
            position += 1
        }
        return value
    }

    /// An enum stored as its integer raw value; a value with no case is the decoder's to refuse.
    mutating func rawEnum<T: RawRepresentable>(_ type: T.Type) throws(JSONFastPathMiss) -> T where T.RawValue == Int {
        guard let value = T(rawValue: try integer(Int.self)) else { throw JSONFastPathMiss() }
        return value
    }
}
