import Foundation

/// `[…]`: an array of values the hand-written codec handles (`history`'s deliveries).
extension Array: JSONFastCodable where Element: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginArray()
        for element in self {
            writer.element()
            try writer.value(element)
        }
        writer.endArray()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> [Element] {
        var elements: [Element] = []
        try reader.beginArray()
        while try reader.nextElement() { elements.append(try reader.value(Element.self)) }
        return elements
    }
}

/// A number (an id, a count).
extension Int64: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) { writer.integer(self) }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> Int64 {
        try reader.integer(Int64.self)
    }
}

/// A string (an identifier).
extension String: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) { writer.string(self) }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> String {
        try reader.string()
    }
}

/// `{"…":…}`: a dictionary keyed by strings of values the hand-written codec handles
/// (`historyCounts`' answer), its keys in UTF-8 order (the encoder's `sortedKeys`).
extension Dictionary: JSONFastCodable where Key == String, Value: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        try writer.dictionary(self) { writer, value throws(JSONFastPathMiss) in try writer.value(value) }
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> [String: Value] {
        try reader.dictionary { reader throws(JSONFastPathMiss) in try reader.value(Value.self) }
    }
}
