import Foundation
import HeraldCore

// `post`: a notification from the command line (`herald post`), with the category its actions make.

extension Methods {
    public static let post = Method<PostParams, PostResult>("post", addsNotification: true)
}

/// `herald post`: a request from the command line, with the category its actions make.
public struct PostParams: Codable, Sendable, Hashable {
    /// The prefix of categories made by `herald post` (`herald.post.<identifier>`).
    public static let categoryPrefix = "herald.post."
    public var bundleIdentifier: String
    public var request: RequestRecord
    /// Registered for the app (alongside its other categories) before the request is added.
    public var category: CategoryRecord?
    /// `true`: the center must already know the app (`herald post --app`); an unknown one is
    /// refused with the `herald` domain's reason `unknownApp` instead of being created.
    public var requireKnownApp: Bool?
    public init(bundleIdentifier: String, request: RequestRecord, category: CategoryRecord? = nil,
                requireKnownApp: Bool? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
        self.category = category
        self.requireKnownApp = requireKnownApp
    }
}

/// The result of `post` and `push`.
public struct PostResult: Codable, Sendable, Hashable {
    public var identifier: String
    public var bundleIdentifier: String
    /// The server's clock when it accepted the request (pass it to `wait` as `since`).
    public var date: Date
    /// Requests of the app dropped over its pending limit to make room for this one (absent when none).
    public var dropped: [String]?
    /// What the poster should be told (a request dropped to make room), absent when nothing.
    public var warning: String?
    public init(identifier: String, bundleIdentifier: String, date: Date) {
        self.identifier = identifier
        self.bundleIdentifier = bundleIdentifier
        self.date = date
    }
}

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

extension PostParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> PostParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        params.request = request.withCanonicalIdentifiers()
        params.category = category?.withCanonicalIdentifiers()
        return params
    }
}
