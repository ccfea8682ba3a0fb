import Foundation

/// What a status line shows of the center (`NotificationEngine.statusSnapshot`, the answer of
/// the wire's `status` request), from what the engine keeps — no app list, no count per app. `{"unread":{"make":2},"names":{"make":"make"},
/// "focus":{"name":"Work",…},"newestUnread":{…}}`; `focus` and `newestUnread` are absent when
/// there is none.
public struct StatusResult: Codable, Sendable, Hashable {
    /// Each app's unread notifications; apps with none are left out.
    public var unread: [String: Int]
    /// The display names of those apps and of the newest unread notification's app.
    public var names: [String: String]
    /// The Focus that is on.
    public var focus: FocusStatus?
    /// The newest unread notification in history.
    public var newestUnread: DeliveredRecord?

    public init(unread: [String: Int], names: [String: String], focus: FocusStatus?, newestUnread: DeliveredRecord?) {
        self.unread = unread
        self.names = names
        self.focus = focus
        self.newestUnread = newestUnread
    }
}

/// `status`'s answer through the hand-written codec: `herald status` reads it without a
/// general-purpose JSON pass (the first `JSONDecoder` of a fresh process is most of what a
/// status line costs over a post).
extension StatusResult: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        if let focus {
            writer.key("focus")
            try writer.value(focus)
        }
        writer.key("names")
        try writer.dictionary(names) { writer, name throws(JSONFastPathMiss) in writer.string(name) }
        if let newestUnread {
            writer.key("newestUnread")
            try writer.value(newestUnread)
        }
        writer.key("unread")
        try writer.dictionary(unread) { writer, count throws(JSONFastPathMiss) in writer.integer(count) }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> StatusResult {
        var unread: [String: Int]?
        var names: [String: String]?
        var focus: FocusStatus?
        var newestUnread: DeliveredRecord?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "unread") {
                try seen.mark(0)
                unread = try reader.dictionary { reader throws(JSONFastPathMiss) in try reader.integer(Int.self) }
            } else if reader.key(key, is: "names") {
                try seen.mark(1)
                names = try reader.dictionary { reader throws(JSONFastPathMiss) in try reader.string() }
            } else if reader.key(key, is: "focus") {
                try seen.mark(2)
                focus = reader.null() ? nil : try reader.value(FocusStatus.self)
            } else if reader.key(key, is: "newestUnread") {
                try seen.mark(3)
                newestUnread = reader.null() ? nil : try reader.value(DeliveredRecord.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let unread, let names else { throw JSONFastPathMiss() }
        return StatusResult(unread: unread, names: names, focus: focus, newestUnread: newestUnread)
    }
}
