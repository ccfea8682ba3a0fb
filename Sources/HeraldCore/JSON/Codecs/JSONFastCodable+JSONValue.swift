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
            try writer.dictionary(members) { writer, value throws(JSONFastPathMiss) in try value.fastEncode(into: &writer) }
        }
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> JSONValue {
        try reader.jsonValue()
    }
}
