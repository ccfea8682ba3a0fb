import Foundation

/// Any JSON value; objects written with their keys in UTF-8 order (the encoder's `sortedKeys`).
extension JSONValue: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .int(let value): writer.integer(value)
        case .double(let value): try writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements {
                writer.element()
                try element.fastEncode(into: &writer)
            }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.dictionaryKey(key)
                try value.fastEncode(into: &writer)
            }
            writer.endObject()
        }
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> JSONValue {
        try reader.jsonValue()
    }
}
