import Foundation
import HeraldCore

// The hand-written codec for requests, deliveries and responses (inside `post`, `add` and the
// events): the bytes of their `Codable` conformances, members in UTF-8 key order.

extension RequestRecord: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
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

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> RequestRecord {
        var content: ContentRecord?
        var identifier: String?
        var trigger: TriggerRecord?
        var seen = WireFieldSet()
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
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let content, let identifier else { throw WireFastPathMiss() }
        return RequestRecord(identifier: identifier, content: content, trigger: trigger)
    }
}

/// `{"timeInterval":{"repeats":false,"seconds":5}}` and `{"push":{}}`; calendar and location
/// triggers (rare, large) are left to `Codable`.
extension TriggerRecord: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
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
        case .calendar, .location:
            throw WireFastPathMiss()
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> TriggerRecord {
        try reader.beginObject()
        guard let key = try reader.nextKey() else { throw WireFastPathMiss() }
        let trigger: TriggerRecord
        if reader.key(key, is: "timeInterval") {
            var seconds: Double?
            var repeats: Bool?
            var seen = WireFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "seconds") {
                    try seen.mark(0)
                    seconds = try reader.double()
                } else if reader.key(member, is: "repeats") {
                    try seen.mark(1)
                    repeats = try reader.bool()
                } else {
                    throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
                }
            }
            guard let seconds, let repeats else { throw WireFastPathMiss() }
            trigger = .timeInterval(seconds: seconds, repeats: repeats)
        } else if reader.key(key, is: "push") {
            try reader.emptyObject()
            trigger = .push
        } else {
            throw WireFastPathMiss()
        }
        guard try reader.nextKey() == nil else { throw WireFastPathMiss() }
        return trigger
    }
}

extension UNNotificationPresentationOptions: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.integer(rawValue)
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> Self {
        Self(rawValue: try reader.integer(UInt.self))
    }
}

extension DeliveredRecord: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
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

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> DeliveredRecord {
        var bundleIdentifier: String?
        var date: Date?
        var deliveryID: Int64?
        var isRead: Bool?
        var isRemovedFromList: Bool?
        var presentation: UNNotificationPresentationOptions?
        var request: RequestRecord?
        var isSoundHandledByCenter: Bool?
        var seen = WireFieldSet()
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
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let bundleIdentifier, let date, let deliveryID, let isRead, let isRemovedFromList, let presentation,
              let request else { throw WireFastPathMiss() }
        var record = DeliveredRecord(deliveryID: deliveryID, bundleIdentifier: bundleIdentifier, request: request, date: date,
                                     presentation: presentation, isRead: isRead, isRemovedFromList: isRemovedFromList)
        record.isSoundHandledByCenter = isSoundHandledByCenter
        return record
    }
}

/// `{"open":{}}`, `{"dismiss":{}}`, `{"action":{"_0":"id"}}`, `{"reply":{"actionIdentifier":…,"text":…}}`.
extension ResponseAction: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        switch self {
        case .open:
            writer.key("open")
            writer.beginObject()
            writer.endObject()
        case .dismiss:
            writer.key("dismiss")
            writer.beginObject()
            writer.endObject()
        case .action(let identifier):
            writer.key("action")
            writer.beginObject()
            writer.key("_0")
            writer.string(identifier)
            writer.endObject()
        case .reply(let actionIdentifier, let text):
            writer.key("reply")
            writer.beginObject()
            writer.key("actionIdentifier")
            writer.string(actionIdentifier)
            writer.key("text")
            writer.string(text)
            writer.endObject()
        }
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> ResponseAction {
        try reader.beginObject()
        guard let key = try reader.nextKey() else { throw WireFastPathMiss() }
        let action: ResponseAction
        if reader.key(key, is: "open") {
            try reader.emptyObject()
            action = .open
        } else if reader.key(key, is: "dismiss") {
            try reader.emptyObject()
            action = .dismiss
        } else if reader.key(key, is: "action") {
            var identifier: String?
            try reader.beginObject()
            while let member = try reader.nextKey() {
                guard reader.key(member, is: "_0"), identifier == nil else { throw WireFastPathMiss() }
                identifier = try reader.string()
            }
            guard let identifier else { throw WireFastPathMiss() }
            action = .action(identifier)
        } else if reader.key(key, is: "reply") {
            var actionIdentifier: String?
            var text: String?
            var seen = WireFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "actionIdentifier") {
                    try seen.mark(0)
                    actionIdentifier = try reader.string()
                } else if reader.key(member, is: "text") {
                    try seen.mark(1)
                    text = try reader.string()
                } else {
                    throw WireFastPathMiss()
                }
            }
            guard let actionIdentifier, let text else { throw WireFastPathMiss() }
            action = .reply(actionIdentifier: actionIdentifier, text: text)
        } else {
            throw WireFastPathMiss()
        }
        guard try reader.nextKey() == nil else { throw WireFastPathMiss() }
        return action
    }
}

extension ResponseRecord: WireFastCodable {
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) {
        writer.beginObject()
        writer.key("action")
        try writer.value(action)
        writer.key("date")
        try writer.date(date)
        writer.key("isDeliveredToApp")
        writer.bool(isDeliveredToApp)
        writer.key("notification")
        try writer.value(notification)
        writer.key("responseID")
        writer.integer(responseID)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> ResponseRecord {
        var action: ResponseAction?
        var date: Date?
        var isDeliveredToApp: Bool?
        var notification: DeliveredRecord?
        var responseID: Int64?
        var seen = WireFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "action") {
                try seen.mark(0)
                action = try reader.value(ResponseAction.self)
            } else if reader.key(key, is: "date") {
                try seen.mark(1)
                date = try reader.date()
            } else if reader.key(key, is: "isDeliveredToApp") {
                try seen.mark(2)
                isDeliveredToApp = try reader.bool()
            } else if reader.key(key, is: "notification") {
                try seen.mark(3)
                notification = try reader.value(DeliveredRecord.self)
            } else if reader.key(key, is: "responseID") {
                try seen.mark(4)
                responseID = try reader.integer(Int64.self)
            } else {
                throw WireFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let action, let date, let isDeliveredToApp, let notification, let responseID else { throw WireFastPathMiss() }
        return ResponseRecord(responseID: responseID, notification: notification, action: action, date: date,
                              isDeliveredToApp: isDeliveredToApp)
    }
}
