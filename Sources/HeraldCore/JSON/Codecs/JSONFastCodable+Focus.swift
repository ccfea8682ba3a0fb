import Foundation

/// `{"endsAt":…,"isScheduled":false,"name":"Work"}` (`endsAt` absent while it stays on until
/// turned off): the Focus that is on, as `status` answers it.
extension FocusStatus: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        if let endsAt {
            writer.key("endsAt")
            try writer.date(endsAt)
        }
        writer.key("isScheduled")
        writer.bool(isScheduled)
        writer.key("name")
        writer.string(name)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> FocusStatus {
        var endsAt: Date?
        var isScheduled: Bool?
        var name: String?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "endsAt") {
                try seen.mark(0)
                endsAt = reader.null() ? nil : try reader.date()
            } else if reader.key(key, is: "isScheduled") {
                try seen.mark(1)
                isScheduled = try reader.bool()
            } else if reader.key(key, is: "name") {
                try seen.mark(2)
                name = try reader.string()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let isScheduled, let name else { throw JSONFastPathMiss() }
        return FocusStatus(name: name, endsAt: endsAt, isScheduled: isScheduled)
    }
}
