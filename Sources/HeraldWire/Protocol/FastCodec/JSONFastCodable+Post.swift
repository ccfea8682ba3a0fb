import Foundation
import HeraldCore

// The hand-written codec for the hot requests: `post` and `add` params and their
// acknowledgements.

extension PostParams: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        if let category {
            writer.key("category")
            try writer.codable(category)
        }
        writer.key("request")
        try writer.value(request)
        if let requireKnownApp {
            writer.key("requireKnownApp")
            writer.bool(requireKnownApp)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> PostParams {
        try fastDecode(from: &reader) { _, _ throws(JSONFastPathMiss) in false }
    }

    /// Reads a post's members; a key it does not know goes to `otherKey`, which reads its value
    /// and returns `true` for a key of its own (a broker post's `message`), else `false` — a
    /// miss, and `Codable` reads the post.
    package static func fastDecode(
        from reader: inout JSONReader,
        otherKey: (JSONReader.Key, inout JSONReader) throws(JSONFastPathMiss) -> Bool
    ) throws(JSONFastPathMiss) -> PostParams {
        var bundleIdentifier: String?
        var request: RequestRecord?
        var category: CategoryRecord?
        var requireKnownApp: Bool?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(0)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "request") {
                try seen.mark(1)
                request = try reader.value(RequestRecord.self)
            } else if reader.key(key, is: "category") {
                try seen.mark(2)
                category = reader.null() ? nil : try reader.codable(CategoryRecord.self)
            } else if reader.key(key, is: "requireKnownApp") {
                try seen.mark(3)
                requireKnownApp = reader.null() ? nil : try reader.bool()
            } else if try !otherKey(key, &reader) {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let request else { throw JSONFastPathMiss() }
        return PostParams(bundleIdentifier: bundleIdentifier, request: request, category: category,
                          requireKnownApp: requireKnownApp)
    }
}

extension AddParams: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        writer.key("request")
        try writer.value(request)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> AddParams {
        var bundleIdentifier: String?
        var request: RequestRecord?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(0)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "request") {
                try seen.mark(1)
                request = try reader.value(RequestRecord.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let request else { throw JSONFastPathMiss() }
        return AddParams(bundleIdentifier: bundleIdentifier, request: request)
    }
}

extension PostResult: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        writer.key("date")
        try writer.date(date)
        if let dropped {
            writer.key("dropped")
            writer.beginArray()
            for identifier in dropped {
                writer.element()
                writer.string(identifier)
            }
            writer.endArray()
        }
        writer.key("identifier")
        writer.string(identifier)
        if let warning {
            writer.key("warning")
            writer.string(warning)
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> PostResult {
        var bundleIdentifier: String?
        var date: Date?
        var identifier: String?
        var dropped: [String]?
        var warning: String?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(0)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "date") {
                try seen.mark(1)
                date = try reader.date()
            } else if reader.key(key, is: "identifier") {
                try seen.mark(2)
                identifier = try reader.string()
            } else if reader.key(key, is: "dropped") {
                try seen.mark(3)
                if !reader.null() {
                    var identifiers: [String] = []
                    try reader.beginArray()
                    while try reader.nextElement() { identifiers.append(try reader.string()) }
                    dropped = identifiers
                }
            } else if reader.key(key, is: "warning") {
                try seen.mark(4)
                warning = reader.null() ? nil : try reader.string()
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let date, let identifier else { throw JSONFastPathMiss() }
        var result = PostResult(identifier: identifier, bundleIdentifier: bundleIdentifier, date: date)
        result.dropped = dropped
        result.warning = warning
        return result
    }
}

/// `{}`; the decoder reads any object as `Empty`.
extension Empty: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> Empty {
        try reader.beginObject()
        while try reader.nextKey() != nil { try reader.skipValue() }
        return Empty()
    }
}
