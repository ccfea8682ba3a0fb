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
