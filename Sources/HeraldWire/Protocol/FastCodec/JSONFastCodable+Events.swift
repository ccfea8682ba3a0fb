import Foundation
import HeraldCore

// The hand-written codec for events, the lines every watcher reads.

/// One key per case, its labelled values inside (absent optionals left out); the rare
/// `appChanged`, `focusChanged`, `promptRequested` carry records (the banner events all) through `Codable`.
extension WireEvent: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
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
            try writer.value(app)
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
            throw JSONFastPathMiss()   // rare: Codable writes them
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> WireEvent {
        try reader.beginObject()
        guard let key = try reader.nextKey() else { throw JSONFastPathMiss() }
        let event: WireEvent
        if reader.key(key, is: "delivered") {
            var notification: DeliveredRecord?
            var replaced: Int64?
            var seen = JSONFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "notification") {
                    try seen.mark(0)
                    notification = try reader.value(DeliveredRecord.self)
                } else if reader.key(member, is: "replacedDeliveryID") {
                    try seen.mark(1)
                    replaced = reader.null() ? nil : try reader.integer(Int64.self)
                } else {
                    throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let notification else { throw JSONFastPathMiss() }
            event = .delivered(notification: notification, replacedDeliveryID: replaced)
        } else if reader.key(key, is: "updated") {
            event = .updated(notification: try reader.single("notification") { reader throws(JSONFastPathMiss) in
                try reader.value(DeliveredRecord.self)
            })
        } else if reader.key(key, is: "deleted") {
            event = .deleted(deliveryIDs: try reader.single("deliveryIDs") { reader throws(JSONFastPathMiss) in
                var ids: [Int64] = []
                try reader.beginArray()
                while try reader.nextElement() { ids.append(try reader.integer(Int64.self)) }
                return ids
            })
        } else if reader.key(key, is: "cleared") {
            event = .cleared(bundleIdentifier: try reader.optionalSingle("bundleIdentifier") { reader throws(JSONFastPathMiss) in
                try reader.string()
            })
        } else if reader.key(key, is: "appChanged") {
            event = .appChanged(app: try reader.single("app") { reader throws(JSONFastPathMiss) in
                try reader.value(AppRecord.self)
            })
        } else if reader.key(key, is: "responded") {
            event = .responded(response: try reader.single("response") { reader throws(JSONFastPathMiss) in
                try reader.value(ResponseRecord.self)
            })
        } else if reader.key(key, is: "doNotDisturbChanged") {
            event = .doNotDisturbChanged(isOn: try reader.single("isOn") { reader throws(JSONFastPathMiss) in
                try reader.bool()
            })
        } else if reader.key(key, is: "focusChanged") {
            event = .focusChanged(focus: try reader.optionalSingle("focus") { reader throws(JSONFastPathMiss) in
                try reader.codable(FocusStatus.self)
            })
        } else if reader.key(key, is: "pendingChanged") {
            event = .pendingChanged(bundleIdentifier: try reader.single("bundleIdentifier") { reader throws(JSONFastPathMiss) in
                try reader.string()
            })
        } else if reader.key(key, is: "countsChanged") {
            var bundleIdentifier: String?
            var counts: HistoryCounts?
            var seen = JSONFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "bundleIdentifier") {
                    try seen.mark(0)
                    bundleIdentifier = try reader.string()
                } else if reader.key(member, is: "counts") {
                    try seen.mark(1)
                    counts = try reader.value(HistoryCounts.self)
                } else {
                    throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let bundleIdentifier, let counts else { throw JSONFastPathMiss() }
            event = .countsChanged(bundleIdentifier: bundleIdentifier, counts: counts)
        } else if reader.key(key, is: "promptRequested") {
            event = .promptRequested(prompt: try reader.single("prompt") { reader throws(JSONFastPathMiss) in
                try reader.codable(PendingPrompt.self)
            })
        } else if reader.key(key, is: "promptWithdrawn") {
            var promptID: Int64?
            var allowed: Bool?
            var seen = JSONFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "promptID") {
                    try seen.mark(0)
                    promptID = try reader.integer(Int64.self)
                } else if reader.key(member, is: "allowed") {
                    try seen.mark(1)
                    allowed = reader.null() ? nil : try reader.bool()
                } else {
                    throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let promptID else { throw JSONFastPathMiss() }
            event = .promptWithdrawn(promptID: promptID, allowed: allowed)
        } else {
            throw JSONFastPathMiss()
        }
        guard try reader.nextKey() == nil else { throw JSONFastPathMiss() }
        return event
    }
}

/// `{"event":…}`.
extension EventEnvelope: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("event")
        try writer.value(event)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> EventEnvelope {
        EventEnvelope(event: try reader.single("event") { reader throws(JSONFastPathMiss) in
            try reader.value(WireEvent.self)
        })
    }
}
