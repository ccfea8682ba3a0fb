import Foundation

// The hand-written codec for deliveries (events, history replies, the store's full records):
// the bytes of their `Codable` conformances, members in UTF-8 key order.

extension UNNotificationPresentationOptions: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.integer(rawValue)
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> Self {
        Self(rawValue: try reader.integer(UInt.self))
    }
}

extension DeliveredRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        writer.key("date")
        try writer.date(date)
        writer.key("deliveryID")
        writer.integer(deliveryID)
        writer.key("isRead")
        writer.bool(isRead)
        writer.key("isRemovedFromList")
        writer.bool(isRemovedFromList)
        if let isSoundHandledByCenter {
            writer.key("isSoundHandledByCenter")
            writer.bool(isSoundHandledByCenter)
        }
        writer.key("presentation")
        try writer.value(presentation)
        writer.key("request")
        try writer.value(request)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> DeliveredRecord {
        var bundleIdentifier: String?
        var date: Date?
        var deliveryID: Int64?
        var isRead: Bool?
        var isRemovedFromList: Bool?
        var presentation: UNNotificationPresentationOptions?
        var request: RequestRecord?
        var isSoundHandledByCenter: Bool?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(0)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "date") {
                try seen.mark(1)
                date = try reader.date()
            } else if reader.key(key, is: "deliveryID") {
                try seen.mark(2)
                deliveryID = try reader.integer(Int64.self)
            } else if reader.key(key, is: "isRead") {
                try seen.mark(3)
                isRead = try reader.bool()
            } else if reader.key(key, is: "isRemovedFromList") {
                try seen.mark(4)
                isRemovedFromList = try reader.bool()
            } else if reader.key(key, is: "presentation") {
                try seen.mark(5)
                presentation = try reader.value(UNNotificationPresentationOptions.self)
            } else if reader.key(key, is: "request") {
                try seen.mark(6)
                request = try reader.value(RequestRecord.self)
            } else if reader.key(key, is: "isSoundHandledByCenter") {
                try seen.mark(7)
                isSoundHandledByCenter = reader.null() ? nil : try reader.bool()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let date, let deliveryID, let isRead, let isRemovedFromList, let presentation,
              let request else { throw JSONFastPathMiss() }
        var record = DeliveredRecord(deliveryID: deliveryID, bundleIdentifier: bundleIdentifier, request: request, date: date,
                                     presentation: presentation, isRead: isRead, isRemovedFromList: isRemovedFromList)
        record.isSoundHandledByCenter = isSoundHandledByCenter
        return record
    }
}

/// `{"total":N,"unread":N}`.
extension HistoryCounts: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("total")
        writer.integer(total)
        writer.key("unread")
        writer.integer(unread)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> HistoryCounts {
        var total: Int?
        var unread: Int?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "total") {
                try seen.mark(0)
                total = try reader.integer(Int.self)
            } else if reader.key(key, is: "unread") {
                try seen.mark(1)
                unread = try reader.integer(Int.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let total, let unread else { throw JSONFastPathMiss() }
        return HistoryCounts(unread: unread, total: total)
    }
}

/// `{"isComplete":…,"records":[…],"shortened":[…]}`: the list's page, the reply a `herald` reads
/// at start.
extension HistoryPage: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("isComplete")
        writer.bool(isComplete)
        writer.key("records")
        try writer.value(records)
        writer.key("shortened")
        try writer.value(shortened)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> HistoryPage {
        var records: [DeliveredRecord]?
        var shortened: [Int64]?
        var isComplete: Bool?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "records") {
                try seen.mark(0)
                records = try reader.value([DeliveredRecord].self)
            } else if reader.key(key, is: "shortened") {
                try seen.mark(1)
                shortened = try reader.value([Int64].self)
            } else if reader.key(key, is: "isComplete") {
                try seen.mark(2)
                isComplete = try reader.bool()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let records, let shortened, let isComplete else { throw JSONFastPathMiss() }
        return HistoryPage(records: records, shortened: shortened, isComplete: isComplete)
    }
}
