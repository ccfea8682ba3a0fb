import Foundation
import HeraldCore

// The hand-written codec of `delivered.record` (both forms): the bytes the store's `JSONEncoder`
// writes (sorted keys, absent optionals left out), the values its `JSONDecoder` reads.

extension CompactDeliveredRecord: JSONFastCodable {
    /// Every member absent (what the reader fills in).
    private init() {}

    func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        if let attachments {
            writer.key("attachments")
            try writer.value(attachments)
        }
        if let badge {
            writer.key("badge")
            writer.integer(badge)
        }
        if let categoryIdentifier {
            writer.key("categoryIdentifier")
            writer.string(categoryIdentifier)
        }
        if let dateSteps {
            writer.key("dateSteps")
            writer.integer(dateSteps)
        }
        if let exactDate {
            writer.key("exactDate")
            try writer.date(exactDate)
        }
        if let filterCriteria {
            writer.key("filterCriteria")
            writer.string(filterCriteria)
        }
        if let interruptionLevel {
            writer.key("interruptionLevel")
            writer.integer(interruptionLevel.rawValue)
        }
        if let launchImageName {
            writer.key("launchImageName")
            writer.string(launchImageName)
        }
        if let relevanceScore {
            writer.key("relevanceScore")
            try writer.double(relevanceScore)
        }
        if let sound {
            writer.key("sound")
            try writer.value(sound)
        }
        if let summaryArgument {
            writer.key("summaryArgument")
            writer.string(summaryArgument)
        }
        if let summaryArgumentCount {
            writer.key("summaryArgumentCount")
            writer.integer(summaryArgumentCount)
        }
        if let targetContentIdentifier {
            writer.key("targetContentIdentifier")
            writer.string(targetContentIdentifier)
        }
        if let threadIdentifier {
            writer.key("threadIdentifier")
            writer.string(threadIdentifier)
        }
        if let traits {
            writer.key("traits")
            try writer.value(traits)
        }
        if let trigger {
            writer.key("trigger")
            try writer.value(trigger)
        }
        if let userInfo {
            writer.key("userInfo")
            try writer.value(JSONValue.object(userInfo))
        }
        if let userInfoTypes {
            writer.key("userInfoTypes")
            try writer.value(JSONValue.object(userInfoTypes))
        }
        writer.endObject()
    }

    static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> CompactDeliveredRecord {
        var record = CompactDeliveredRecord()
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            // Every member is optional: `null` reads as absent, as `decodeIfPresent` reads it.
            if reader.key(key, is: "attachments") {
                try seen.mark(0)
                record.attachments = reader.null() ? nil : try reader.value([AttachmentRecord].self)
            } else if reader.key(key, is: "badge") {
                try seen.mark(1)
                record.badge = reader.null() ? nil : try reader.integer(Int.self)
            } else if reader.key(key, is: "categoryIdentifier") {
                try seen.mark(2)
                record.categoryIdentifier = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "dateSteps") {
                try seen.mark(3)
                record.dateSteps = reader.null() ? nil : try reader.integer(Int.self)
            } else if reader.key(key, is: "exactDate") {
                try seen.mark(4)
                record.exactDate = reader.null() ? nil : try reader.date()
            } else if reader.key(key, is: "filterCriteria") {
                try seen.mark(5)
                record.filterCriteria = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "interruptionLevel") {
                try seen.mark(6)
                if !reader.null() {
                    guard let level = UNNotificationInterruptionLevel(rawValue: try reader.integer(UInt.self)) else {
                        throw JSONFastPathMiss()
                    }
                    record.interruptionLevel = level
                }
            } else if reader.key(key, is: "launchImageName") {
                try seen.mark(7)
                record.launchImageName = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "relevanceScore") {
                try seen.mark(8)
                record.relevanceScore = reader.null() ? nil : try reader.double()
            } else if reader.key(key, is: "sound") {
                try seen.mark(9)
                record.sound = reader.null() ? nil : try reader.value(SoundRecord.self)
            } else if reader.key(key, is: "summaryArgument") {
                try seen.mark(10)
                record.summaryArgument = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "summaryArgumentCount") {
                try seen.mark(11)
                record.summaryArgumentCount = reader.null() ? nil : try reader.integer(Int.self)
            } else if reader.key(key, is: "targetContentIdentifier") {
                try seen.mark(12)
                record.targetContentIdentifier = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "threadIdentifier") {
                try seen.mark(13)
                record.threadIdentifier = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "traits") {
                try seen.mark(14)
                record.traits = reader.null() ? nil : try reader.value(NotificationTraits.self)
            } else if reader.key(key, is: "trigger") {
                try seen.mark(15)
                record.trigger = reader.null() ? nil : try reader.value(TriggerRecord.self)
            } else if reader.key(key, is: "userInfo") {
                try seen.mark(16)
                record.userInfo = reader.null() ? nil : try reader.jsonObject()
            } else if reader.key(key, is: "userInfoTypes") {
                try seen.mark(17)
                record.userInfoTypes = reader.null() ? nil : try reader.jsonObject()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        return record
    }
}

/// `{"date":…,"presentation":…,"request":…}`: records written before schema version 6.
extension DeliveredPayload: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("date")
        try writer.date(date)
        writer.key("presentation")
        try writer.value(presentation)
        writer.key("request")
        try writer.value(request)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> DeliveredPayload {
        var date: Date?
        var presentation: UNNotificationPresentationOptions?
        var request: RequestRecord?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "date") {
                try seen.mark(0)
                date = try reader.date()
            } else if reader.key(key, is: "presentation") {
                try seen.mark(1)
                presentation = try reader.value(UNNotificationPresentationOptions.self)
            } else if reader.key(key, is: "request") {
                try seen.mark(2)
                request = try reader.value(RequestRecord.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let date, let presentation, let request else { throw JSONFastPathMiss() }
        return DeliveredPayload(request: request, date: date, presentation: presentation)
    }
}
