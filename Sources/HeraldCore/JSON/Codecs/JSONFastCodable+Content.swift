import Foundation

// The hand-written codec for a request's content: the bytes of the synthesized `Codable`
// conformances, members in UTF-8 key order, absent optionals left out.

extension ContentRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("attachments")
        writer.beginArray()
        for attachment in attachments {
            writer.element()
            try writer.value(attachment)
        }
        writer.endArray()
        if let badge {
            writer.key("badge")
            writer.integer(badge)
        }
        writer.key("body")
        writer.string(body)
        writer.key("categoryIdentifier")
        writer.string(categoryIdentifier)
        if let filterCriteria {
            writer.key("filterCriteria")
            writer.string(filterCriteria)
        }
        writer.key("interruptionLevel")
        writer.integer(interruptionLevel.rawValue)
        writer.key("launchImageName")
        writer.string(launchImageName)
        writer.key("relevanceScore")
        try writer.double(relevanceScore)
        if let sound {
            writer.key("sound")
            try writer.value(sound)
        }
        writer.key("subtitle")
        writer.string(subtitle)
        writer.key("summaryArgument")
        writer.string(summaryArgument)
        writer.key("summaryArgumentCount")
        writer.integer(summaryArgumentCount)
        if let targetContentIdentifier {
            writer.key("targetContentIdentifier")
            writer.string(targetContentIdentifier)
        }
        writer.key("threadIdentifier")
        writer.string(threadIdentifier)
        writer.key("title")
        writer.string(title)
        if let traits {
            writer.key("traits")
            try writer.value(traits)
        }
        writer.key("userInfo")
        try JSONValue.object(userInfo).fastEncode(into: &writer)
        if let userInfoTypes {
            writer.key("userInfoTypes")
            try JSONValue.object(userInfoTypes).fastEncode(into: &writer)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> ContentRecord {
        var content = ContentRecord()
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "attachments") {
                try seen.mark(0)
                try reader.beginArray()
                while try reader.nextElement() { content.attachments.append(try reader.value(AttachmentRecord.self)) }
            } else if reader.key(key, is: "body") {
                try seen.mark(1)
                content.body = try reader.string()
            } else if reader.key(key, is: "categoryIdentifier") {
                try seen.mark(2)
                content.categoryIdentifier = try reader.string()
            } else if reader.key(key, is: "interruptionLevel") {
                try seen.mark(3)
                guard let level = UNNotificationInterruptionLevel(rawValue: try reader.integer(UInt.self)) else {
                    throw JSONFastPathMiss()
                }
                content.interruptionLevel = level
            } else if reader.key(key, is: "launchImageName") {
                try seen.mark(4)
                content.launchImageName = try reader.string()
            } else if reader.key(key, is: "relevanceScore") {
                try seen.mark(5)
                content.relevanceScore = try reader.double()
            } else if reader.key(key, is: "subtitle") {
                try seen.mark(6)
                content.subtitle = try reader.string()
            } else if reader.key(key, is: "summaryArgument") {
                try seen.mark(7)
                content.summaryArgument = try reader.string()
            } else if reader.key(key, is: "summaryArgumentCount") {
                try seen.mark(8)
                content.summaryArgumentCount = try reader.integer(Int.self)
            } else if reader.key(key, is: "threadIdentifier") {
                try seen.mark(9)
                content.threadIdentifier = try reader.string()
            } else if reader.key(key, is: "title") {
                try seen.mark(10)
                content.title = try reader.string()
            } else if reader.key(key, is: "userInfo") {
                try seen.mark(11)
                content.userInfo = try reader.jsonObject()
            } else if reader.key(key, is: "badge") {
                try seen.mark(12)
                content.badge = reader.null() ? nil : try reader.integer(Int.self)
            } else if reader.key(key, is: "sound") {
                try seen.mark(13)
                content.sound = reader.null() ? nil : try reader.value(SoundRecord.self)
            } else if reader.key(key, is: "targetContentIdentifier") {
                try seen.mark(14)
                content.targetContentIdentifier = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "filterCriteria") {
                try seen.mark(15)
                content.filterCriteria = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "traits") {
                try seen.mark(16)
                content.traits = reader.null() ? nil : try reader.value(NotificationTraits.self)
            } else if reader.key(key, is: "userInfoTypes") {
                try seen.mark(17)
                content.userInfoTypes = reader.null() ? nil : try reader.jsonObject()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard seen.contains(0xFFF) else { throw JSONFastPathMiss() }
        return content
    }
}

extension SoundRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        if let file {
            writer.key("file")
            writer.string(file)
        }
        writer.key("isCritical")
        writer.bool(isCritical)
        writer.key("isRingtone")
        writer.bool(isRingtone)
        if let name {
            writer.key("name")
            writer.string(name)
        }
        if let volume {
            writer.key("volume")
            try writer.float(volume)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> SoundRecord {
        var sound = SoundRecord()
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "isCritical") {
                try seen.mark(0)
                sound.isCritical = try reader.bool()
            } else if reader.key(key, is: "isRingtone") {
                try seen.mark(1)
                sound.isRingtone = try reader.bool()
            } else if reader.key(key, is: "name") {
                try seen.mark(2)
                sound.name = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "volume") {
                try seen.mark(3)
                sound.volume = reader.null() ? nil : try reader.float()
            } else if reader.key(key, is: "file") {
                try seen.mark(4)
                sound.file = reader.null() ? nil : try reader.string()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard seen.contains(0b11) else { throw JSONFastPathMiss() }
        return sound
    }
}

extension AttachmentRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("fileName")
        writer.string(fileName)
        writer.key("identifier")
        writer.string(identifier)
        writer.key("path")
        writer.string(path)
        writer.key("size")
        writer.integer(size)
        if let thumbnailClippingRect {
            writer.key("thumbnailClippingRect")
            try writer.codable(thumbnailClippingRect)
        }
        writer.key("thumbnailHidden")
        writer.bool(thumbnailHidden)
        writer.key("type")
        writer.string(type)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> AttachmentRecord {
        var fileName = "", identifier = "", path = "", type = ""
        var size: Int64 = 0
        var thumbnailHidden = false
        var clipping: NormalizedRect?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "fileName") {
                try seen.mark(0)
                fileName = try reader.string()
            } else if reader.key(key, is: "identifier") {
                try seen.mark(1)
                identifier = try reader.string()
            } else if reader.key(key, is: "path") {
                try seen.mark(2)
                path = try reader.string()
            } else if reader.key(key, is: "size") {
                try seen.mark(3)
                size = try reader.integer(Int64.self)
            } else if reader.key(key, is: "thumbnailHidden") {
                try seen.mark(4)
                thumbnailHidden = try reader.bool()
            } else if reader.key(key, is: "type") {
                try seen.mark(5)
                type = try reader.string()
            } else if reader.key(key, is: "thumbnailClippingRect") {
                try seen.mark(6)
                clipping = reader.null() ? nil : try reader.codable(NormalizedRect.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard seen.contains(0b11_1111) else { throw JSONFastPathMiss() }
        return AttachmentRecord(identifier: identifier, path: path, type: type, size: size, fileName: fileName,
                                thumbnailHidden: thumbnailHidden, thumbnailClippingRect: clipping)
    }
}
