import Foundation

// The hand-written codec for requests and their triggers (inside `post`, `add`, deliveries and
// the store's pending rows): the bytes of their `Codable` conformances, members in UTF-8 key order.

extension RequestRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("content")
        try writer.value(content)
        writer.key("identifier")
        writer.string(identifier)
        if let trigger {
            writer.key("trigger")
            try writer.value(trigger)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> RequestRecord {
        var content: ContentRecord?
        var identifier: String?
        var trigger: TriggerRecord?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "content") {
                try seen.mark(0)
                content = try reader.value(ContentRecord.self)
            } else if reader.key(key, is: "identifier") {
                try seen.mark(1)
                identifier = try reader.string()
            } else if reader.key(key, is: "trigger") {
                try seen.mark(2)
                trigger = reader.null() ? nil : try reader.value(TriggerRecord.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let content, let identifier else { throw JSONFastPathMiss() }
        return RequestRecord(identifier: identifier, content: content, trigger: trigger)
    }
}

/// `{"timeInterval":{"repeats":false,"seconds":5}}`, `{"push":{}}`, and
/// `{"calendar":{"_0":{…},"repeats":true}}` / `{"location":{"_0":{…},"repeats":false}}` (their
/// components and regions, rare and large, through `Codable`).
extension TriggerRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        switch self {
        case .timeInterval(let seconds, let repeats):
            writer.key("timeInterval")
            writer.beginObject()
            writer.key("repeats")
            writer.bool(repeats)
            writer.key("seconds")
            try writer.double(seconds)
            writer.endObject()
        case .push:
            writer.key("push")
            writer.beginObject()
            writer.endObject()
        case .calendar(let components, let repeats):
            writer.key("calendar")
            try Self.write(components, repeats: repeats, into: &writer)
        case .location(let region, let repeats):
            writer.key("location")
            try Self.write(region, repeats: repeats, into: &writer)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> TriggerRecord {
        try reader.beginObject()
        guard let key = try reader.nextKey() else { throw JSONFastPathMiss() }
        let trigger: TriggerRecord
        if reader.key(key, is: "timeInterval") {
            var seconds: Double?
            var repeats: Bool?
            var seen = JSONFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "seconds") {
                    try seen.mark(0)
                    seconds = try reader.double()
                } else if reader.key(member, is: "repeats") {
                    try seen.mark(1)
                    repeats = try reader.bool()
                } else {
                    throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let seconds, let repeats else { throw JSONFastPathMiss() }
            trigger = .timeInterval(seconds: seconds, repeats: repeats)
        } else if reader.key(key, is: "push") {
            try reader.emptyObject()
            trigger = .push
        } else if reader.key(key, is: "calendar") {
            let (components, repeats) = try Self.read(CalendarComponents.self, from: &reader)
            trigger = .calendar(components, repeats: repeats)
        } else if reader.key(key, is: "location") {
            let (region, repeats) = try Self.read(RegionRecord.self, from: &reader)
            trigger = .location(region, repeats: repeats)
        } else {
            throw JSONFastPathMiss()
        }
        guard try reader.nextKey() == nil else { throw JSONFastPathMiss() }
        return trigger
    }

    /// `{"_0":…,"repeats":…}`: a case with one unlabelled payload and `repeats`.
    private static func write<Payload: Encodable>(_ payload: Payload, repeats: Bool,
                                                  into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("_0")
        try writer.codable(payload)
        writer.key("repeats")
        writer.bool(repeats)
        writer.endObject()
    }

    private static func read<Payload: Decodable>(_ type: Payload.Type,
                                                 from reader: inout JSONReader) throws(JSONFastPathMiss) -> (Payload, Bool) {
        var payload: Payload?
        var repeats: Bool?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let member = try reader.nextKey() {
            if reader.key(member, is: "_0") {
                try seen.mark(0)
                payload = try reader.codable(Payload.self)
            } else if reader.key(member, is: "repeats") {
                try seen.mark(1)
                repeats = try reader.bool()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let payload, let repeats else { throw JSONFastPathMiss() }
        return (payload, repeats)
    }
}

/// `{"bundleIdentifier":…,"nextFireDate":…,"request":…,"scheduledAt":…}`: the store's
/// `pending` rows, read at every start.
extension PendingRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        if let nextFireDate {
            writer.key("nextFireDate")
            try writer.date(nextFireDate)
        }
        writer.key("request")
        try writer.value(request)
        writer.key("scheduledAt")
        try writer.date(scheduledAt)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> PendingRecord {
        var bundleIdentifier: String?
        var nextFireDate: Date?
        var request: RequestRecord?
        var scheduledAt: Date?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(0)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "nextFireDate") {
                try seen.mark(1)
                nextFireDate = reader.null() ? nil : try reader.date()
            } else if reader.key(key, is: "request") {
                try seen.mark(2)
                request = try reader.value(RequestRecord.self)
            } else if reader.key(key, is: "scheduledAt") {
                try seen.mark(3)
                scheduledAt = try reader.date()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let request, let scheduledAt else { throw JSONFastPathMiss() }
        return PendingRecord(bundleIdentifier: bundleIdentifier, request: request, scheduledAt: scheduledAt,
                             nextFireDate: nextFireDate)
    }
}
