import Foundation

// The hand-written codec for a desktop notification's traits and its body's styled runs: the
// bytes of the synthesized `Codable` conformances (members in UTF-8 key order, absent optionals
// left out), read as the synthesized decoders read them (every non-optional member required).

extension NotificationTraits: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        if let bannerTimeout {
            writer.key("bannerTimeout")
            try writer.double(bannerTimeout)
        }
        writer.key("bodyStyles")
        writer.beginArray()
        for style in bodyStyles {
            writer.element()
            try writer.value(style)
        }
        writer.endArray()
        writer.key("isResident")
        writer.bool(isResident)
        writer.key("isSenderGone")
        writer.bool(isSenderGone)
        writer.key("isTransient")
        writer.bool(isTransient)
        if let progress {
            writer.key("progress")
            writer.integer(progress)
        }
        if let urgency {
            writer.key("urgency")
            writer.integer(urgency)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> NotificationTraits {
        var traits = NotificationTraits()
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bodyStyles") {
                try seen.mark(0)
                try reader.beginArray()
                while try reader.nextElement() { traits.bodyStyles.append(try reader.value(BodyStyle.self)) }
            } else if reader.key(key, is: "isResident") {
                try seen.mark(1)
                traits.isResident = try reader.bool()
            } else if reader.key(key, is: "isSenderGone") {
                try seen.mark(2)
                traits.isSenderGone = try reader.bool()
            } else if reader.key(key, is: "isTransient") {
                try seen.mark(3)
                traits.isTransient = try reader.bool()
            } else if reader.key(key, is: "bannerTimeout") {
                try seen.mark(4)
                traits.bannerTimeout = reader.null() ? nil : try reader.double()
            } else if reader.key(key, is: "progress") {
                try seen.mark(5)
                traits.progress = reader.null() ? nil : try reader.integer(Int.self)
            } else if reader.key(key, is: "urgency") {
                try seen.mark(6)
                traits.urgency = reader.null() ? nil : try reader.integer(Int.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard seen.contains(0b1111) else { throw JSONFastPathMiss() }
        return traits
    }
}

extension BodyStyle: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("isBold")
        writer.bool(isBold)
        writer.key("isItalic")
        writer.bool(isItalic)
        writer.key("isUnderlined")
        writer.bool(isUnderlined)
        writer.key("length")
        writer.integer(length)
        if let link {
            writer.key("link")
            writer.string(link)
        }
        writer.key("start")
        writer.integer(start)
        writer.key("text")
        writer.string(text)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> BodyStyle {
        var style = BodyStyle(start: 0, length: 0, text: "")
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "isBold") {
                try seen.mark(0)
                style.isBold = try reader.bool()
            } else if reader.key(key, is: "isItalic") {
                try seen.mark(1)
                style.isItalic = try reader.bool()
            } else if reader.key(key, is: "isUnderlined") {
                try seen.mark(2)
                style.isUnderlined = try reader.bool()
            } else if reader.key(key, is: "length") {
                try seen.mark(3)
                style.length = try reader.integer(Int.self)
            } else if reader.key(key, is: "start") {
                try seen.mark(4)
                style.start = try reader.integer(Int.self)
            } else if reader.key(key, is: "text") {
                try seen.mark(5)
                style.text = try reader.string()
            } else if reader.key(key, is: "link") {
                try seen.mark(6)
                style.link = reader.null() ? nil : try reader.string()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard seen.contains(0b11_1111) else { throw JSONFastPathMiss() }
        return style
    }
}
