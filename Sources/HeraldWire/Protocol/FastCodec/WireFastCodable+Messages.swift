import Foundation
import HeraldCore

// The hand-written codec for the hot messages: `post` and `add` params, their
// acknowledgements, and events.

extension PostParams: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
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

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> PostParams {
        try fastDecode(from: &reader) { _, _ throws(WireFastPathMiss) in false }
    }

    /// Reads a post's members; a key it does not know goes to `otherKey`, which reads its value
    /// and returns `true` for a key of its own (a broker post's `message`), else `false` — a
    /// miss, and `Codable` reads the post.
    package static func fastDecode(
        from reader: inout WireJSONReader,
        otherKey: (WireJSONReader.Key, inout WireJSONReader) throws(WireFastPathMiss) -> Bool
    ) throws(WireFastPathMiss) -> PostParams {
        var bundleIdentifier: String?
        var request: RequestRecord?
        var category: CategoryRecord?
        var requireKnownApp: Bool?
        var seen = WireFieldSet()
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
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let request else { throw WireFastPathMiss() }
        return PostParams(bundleIdentifier: bundleIdentifier, request: request, category: category,
                          requireKnownApp: requireKnownApp)
    }
}

extension AddParams: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        writer.key("request")
        try writer.value(request)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> AddParams {
        var bundleIdentifier: String?
        var request: RequestRecord?
        var seen = WireFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(0)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "request") {
                try seen.mark(1)
                request = try reader.value(RequestRecord.self)
            } else {
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let request else { throw WireFastPathMiss() }
        return AddParams(bundleIdentifier: bundleIdentifier, request: request)
    }
}

extension PostResult: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
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

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> PostResult {
        var bundleIdentifier: String?
        var date: Date?
        var identifier: String?
        var dropped: [String]?
        var warning: String?
        var seen = WireFieldSet()
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
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let date, let identifier else { throw WireFastPathMiss() }
        var result = PostResult(identifier: identifier, bundleIdentifier: bundleIdentifier, date: date)
        result.dropped = dropped
        result.warning = warning
        return result
    }
}

/// `{}`; the decoder reads any object as `Empty`.
extension Empty: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> Empty {
        try reader.beginObject()
        while try reader.nextKey() != nil { try reader.skipValue() }
        return Empty()
    }
}

/// One key per case, its labelled values inside (absent optionals left out); the rare
/// `appChanged`, `focusChanged`, `promptRequested` carry records (the banner events all) through `Codable`.
extension WireEvent: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        switch self {
        case .delivered(let notification, let replacedDeliveryID):
            writer.key("delivered")
            writer.beginObject()
            writer.key("notification")
            try writer.value(notification)
            if let replacedDeliveryID {
                writer.key("replacedDeliveryID")
                writer.integer(replacedDeliveryID)
            }
            writer.endObject()
        case .updated(let notification):
            writer.key("updated")
            writer.beginObject()
            writer.key("notification")
            try writer.value(notification)
            writer.endObject()
        case .deleted(let deliveryIDs):
            writer.key("deleted")
            writer.beginObject()
            writer.key("deliveryIDs")
            writer.beginArray()
            for id in deliveryIDs {
                writer.element()
                writer.integer(id)
            }
            writer.endArray()
            writer.endObject()
        case .cleared(let bundleIdentifier):
            writer.key("cleared")
            writer.beginObject()
            if let bundleIdentifier {
                writer.key("bundleIdentifier")
                writer.string(bundleIdentifier)
            }
            writer.endObject()
        case .appChanged(let app):
            writer.key("appChanged")
            writer.beginObject()
            writer.key("app")
            try writer.codable(app)
            writer.endObject()
        case .responded(let response):
            writer.key("responded")
            writer.beginObject()
            writer.key("response")
            try writer.value(response)
            writer.endObject()
        case .doNotDisturbChanged(let isOn):
            writer.key("doNotDisturbChanged")
            writer.beginObject()
            writer.key("isOn")
            writer.bool(isOn)
            writer.endObject()
        case .focusChanged(let focus):
            writer.key("focusChanged")
            writer.beginObject()
            if let focus {
                writer.key("focus")
                try writer.codable(focus)
            }
            writer.endObject()
        case .pendingChanged(let bundleIdentifier):
            writer.key("pendingChanged")
            writer.beginObject()
            writer.key("bundleIdentifier")
            writer.string(bundleIdentifier)
            writer.endObject()
        case .countsChanged(let bundleIdentifier, let counts):
            writer.key("countsChanged")
            writer.beginObject()
            writer.key("bundleIdentifier")
            writer.string(bundleIdentifier)
            writer.key("counts")
            try writer.value(counts)
            writer.endObject()
        case .promptRequested(let prompt):
            writer.key("promptRequested")
            writer.beginObject()
            writer.key("prompt")
            try writer.codable(prompt)
            writer.endObject()
        case .promptWithdrawn(let promptID, let allowed):
            writer.key("promptWithdrawn")
            writer.beginObject()
            if let allowed {
                writer.key("allowed")
                writer.bool(allowed)
            }
            writer.key("promptID")
            writer.integer(promptID)
            writer.endObject()
        case .bannersClosed, .bannerRestored:
            throw WireFastPathMiss()   // rare: Codable writes them
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> WireEvent {
        try reader.beginObject()
        guard let key = try reader.nextKey() else { throw WireFastPathMiss() }
        let event: WireEvent
        if reader.key(key, is: "delivered") {
            var notification: DeliveredRecord?
            var replaced: Int64?
            var seen = WireFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "notification") {
                    try seen.mark(0)
                    notification = try reader.value(DeliveredRecord.self)
                } else if reader.key(member, is: "replacedDeliveryID") {
                    try seen.mark(1)
                    replaced = reader.null() ? nil : try reader.integer(Int64.self)
                } else {
                    throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let notification else { throw WireFastPathMiss() }
            event = .delivered(notification: notification, replacedDeliveryID: replaced)
        } else if reader.key(key, is: "updated") {
            event = .updated(notification: try reader.single("notification") { reader throws(WireFastPathMiss) in
                try reader.value(DeliveredRecord.self)
            })
        } else if reader.key(key, is: "deleted") {
            event = .deleted(deliveryIDs: try reader.single("deliveryIDs") { reader throws(WireFastPathMiss) in
                var ids: [Int64] = []
                try reader.beginArray()
                while try reader.nextElement() { ids.append(try reader.integer(Int64.self)) }
                return ids
            })
        } else if reader.key(key, is: "cleared") {
            event = .cleared(bundleIdentifier: try reader.optionalSingle("bundleIdentifier") { reader throws(WireFastPathMiss) in
                try reader.string()
            })
        } else if reader.key(key, is: "appChanged") {
            event = .appChanged(app: try reader.single("app") { reader throws(WireFastPathMiss) in
                try reader.codable(AppRecord.self)
            })
        } else if reader.key(key, is: "responded") {
            event = .responded(response: try reader.single("response") { reader throws(WireFastPathMiss) in
                try reader.value(ResponseRecord.self)
            })
        } else if reader.key(key, is: "doNotDisturbChanged") {
            event = .doNotDisturbChanged(isOn: try reader.single("isOn") { reader throws(WireFastPathMiss) in
                try reader.bool()
            })
        } else if reader.key(key, is: "focusChanged") {
            event = .focusChanged(focus: try reader.optionalSingle("focus") { reader throws(WireFastPathMiss) in
                try reader.codable(FocusStatus.self)
            })
        } else if reader.key(key, is: "pendingChanged") {
            event = .pendingChanged(bundleIdentifier: try reader.single("bundleIdentifier") { reader throws(WireFastPathMiss) in
                try reader.string()
            })
        } else if reader.key(key, is: "countsChanged") {
            var bundleIdentifier: String?
            var counts: HistoryCounts?
            var seen = WireFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "bundleIdentifier") {
                    try seen.mark(0)
                    bundleIdentifier = try reader.string()
                } else if reader.key(member, is: "counts") {
                    try seen.mark(1)
                    counts = try reader.value(HistoryCounts.self)
                } else {
                    throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let bundleIdentifier, let counts else { throw WireFastPathMiss() }
            event = .countsChanged(bundleIdentifier: bundleIdentifier, counts: counts)
        } else if reader.key(key, is: "promptRequested") {
            event = .promptRequested(prompt: try reader.single("prompt") { reader throws(WireFastPathMiss) in
                try reader.codable(PendingPrompt.self)
            })
        } else if reader.key(key, is: "promptWithdrawn") {
            var promptID: Int64?
            var allowed: Bool?
            var seen = WireFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "promptID") {
                    try seen.mark(0)
                    promptID = try reader.integer(Int64.self)
                } else if reader.key(member, is: "allowed") {
                    try seen.mark(1)
                    allowed = reader.null() ? nil : try reader.bool()
                } else {
                    throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let promptID else { throw WireFastPathMiss() }
            event = .promptWithdrawn(promptID: promptID, allowed: allowed)
        } else {
            throw WireFastPathMiss()
        }
        guard try reader.nextKey() == nil else { throw WireFastPathMiss() }
        return event
    }
}

/// `{"event":…}`.
extension EventEnvelope: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.key("event")
        try writer.value(event)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> EventEnvelope {
        EventEnvelope(event: try reader.single("event") { reader throws(WireFastPathMiss) in
            try reader.value(WireEvent.self)
        })
    }
}

/// `{"total":N,"unread":N}`.
extension HistoryCounts: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.key("total")
        writer.integer(total)
        writer.key("unread")
        writer.integer(unread)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> HistoryCounts {
        var total: Int?
        var unread: Int?
        var seen = WireFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "total") {
                try seen.mark(0)
                total = try reader.integer(Int.self)
            } else if reader.key(key, is: "unread") {
                try seen.mark(1)
                unread = try reader.integer(Int.self)
            } else {
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let total, let unread else { throw WireFastPathMiss() }
        return HistoryCounts(unread: unread, total: total)
    }
}
