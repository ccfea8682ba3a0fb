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
        try dictionary { reader throws(JSONFastPathMiss) in try reader.jsonValue() }
    }

    /// An object read as a dictionary of the values `value` reads (`[String: Int]`); keys may
    /// have escapes, duplicates are the decoder's.
    package mutating func dictionary<Value>(
        _ value: (inout JSONReader) throws(JSONFastPathMiss) -> Value
    ) throws(JSONFastPathMiss) -> [String: Value] {
        // Made to its size first, so no insert grows it (see `emptyDictionary`); a size only a
        // malformed or enormous object claims is not taken on trust.
        skipWhitespace()
        var object = Self.emptyDictionary(of: Value.self, capacity: min(memberCount(), Self.presizedMembers))
        try beginObject()
        while try nextItem(closing: UInt8(ascii: "}")) {
            let key = try memberName()
            let member = try value(&self)
            guard object.updateValue(member, forKey: key) == nil else { throw JSONFastPathMiss() }
        }
        isFirst = false
        return object
    }

    /// The most members a dictionary is made with room for before it is read.
    static let presizedMembers = 4_096

    /// An empty dictionary with room for `capacity` members, made by generic code that is never
    /// specialized: code of this module specialized for `[String: Int]` names the storage's type
    /// by its mangled name, and the first such name a process meets makes the runtime look up
    /// `String: Hashable` by scanning every protocol conformance record in the binary (0.42 M
    /// instructions, a seventh of a `herald status`); generic code is handed the type and its
    /// conformance instead. Inserts that fit need no storage type.
    @_semantics("optimize.sil.specialize.generic.never")
    private static func emptyDictionary<Value>(of: Value.Type, capacity: Int) -> [String: Value] {
        [String: Value](minimumCapacity: capacity)
    }

    /// How many members the object that starts at the position has, at most: its commas
    /// outside strings and nested containers, plus one (a quick scan; the object is checked as
    /// it is read). 0 when no object starts there.
    private func memberCount() -> Int {
        var position = index
        guard position < end, bytes[position] == UInt8(ascii: "{") else { return 0 }
        var depth = 0, commas = 0
        var inString = false, empty = true
        while position < end {
            let byte = bytes[position]
            position += 1
            if inString {
                if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                empty = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return empty ? 0 : commas + 1 }
            case UInt8(ascii: ","):
                if depth == 1 { commas += 1 }
            default:
                break
            }
        }
        return commas + 1
    }

    /// Steps over one value of any kind, checking it is JSON the decoder reads, without
    /// building it.
    package mutating func skipValue() throws(JSONFastPathMiss) {
        _ = try skim()
    }

    /// Steps over one value, checking it (`skipValue`): what kind it was.
    mutating func skim() throws(JSONFastPathMiss) -> JSONMember.Kind {
        skipWhitespace()
        let kind: JSONMember.Kind
        switch current {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextItem(closing: UInt8(ascii: "}")) {
                skipWhitespace()
                _ = try skipString()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw JSONFastPathMiss() }
                index += 1
                _ = try skim()
            }
            kind = .object
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { _ = try skim() }
            kind = .array
        case UInt8(ascii: "\""): kind = .string(hasEscapes: try skipString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try bool()
            kind = .literal
        case UInt8(ascii: "n"):
            guard null() else { throw JSONFastPathMiss() }
            kind = .literal
        default:
            let literal = try number()
            // A literal with an exponent may be out of a double's range: the decoder's to judge.
            if !literal.isInteger { _ = try doubleValue(literal.range) }
            kind = .number(isInteger: literal.isInteger)
        }
        isFirst = false
        return kind
    }

    /// A member's key read as a string (escapes allowed) and the colon after it.
    private mutating func memberName() throws(JSONFastPathMiss) -> String {
        let key = try string()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw JSONFastPathMiss() }
        index += 1
        return key
    }

    /// Whether the value at the position is `[]` (consumed when it is).
    mutating func emptyArray() throws(JSONFastPathMiss) -> Bool {
        skipWhitespace()
        guard current == UInt8(ascii: "[") else { return false }
        var next = index + 1
        while next < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        guard next < end, bytes[next] == UInt8(ascii: "]") else { return false }
        index = next + 1
        isFirst = false
        return true
    }
}
