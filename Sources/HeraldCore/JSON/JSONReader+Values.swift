import Foundation

// Values of any kind: `JSONValue` as its decoder reads it, and stepping over a value unread.

extension JSONReader {
    /// A JSON value as `JSONValue`'s decoder reads it: `null`, `Bool`, then `Int`, `Double`,
    /// `String`, array, object, in that order of tries.
    package mutating func jsonValue() throws(JSONFastPathMiss) -> JSONValue {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "n"):
            guard null() else { throw JSONFastPathMiss() }
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
            // A fraction or exponent: the decoder reads an integral value within `Int`'s range as
            // `Int` (left to it); one with a fractional part, or beyond `Int` (`1e+20`, as the
            // encoder spells 10²⁰), is certainly a `Double`.
            let value = try doubleValue(literal.range)
            let withinInt = value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0
            guard value.rounded(.towardZero) != value || !withinInt else { throw JSONFastPathMiss() }
            return .double(value)
        }
    }

    /// An object of JSON values (`userInfo`); keys may have escapes, duplicates are the decoder's.
    package mutating func jsonObject() throws(JSONFastPathMiss) -> [String: JSONValue] {
        try beginObject()
        var object: [String: JSONValue] = [:]
        while try nextItem(closing: UInt8(ascii: "}")) {
            let key = try memberName()
            let value = try jsonValue()
            guard object.updateValue(value, forKey: key) == nil else { throw JSONFastPathMiss() }
        }
        isFirst = false
        return object
    }

    /// Steps over one value of any kind, checking it is JSON.
    package mutating func skipValue() throws(JSONFastPathMiss) {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextItem(closing: UInt8(ascii: "}")) {
                _ = try memberName()
                try skipValue()
            }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard null() else { throw JSONFastPathMiss() }
        default: _ = try number()
        }
        isFirst = false
    }

    /// A member's key read as a string (escapes allowed) and the colon after it.
    private mutating func memberName() throws(JSONFastPathMiss) -> String {
        let key = try string()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw JSONFastPathMiss() }
        index += 1
        return key
    }
}
