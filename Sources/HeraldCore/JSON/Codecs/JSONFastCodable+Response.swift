import Foundation

// The hand-written codec for responses (events, the store's `responses` rows).

/// `{"open":{}}`, `{"dismiss":{}}`, `{"action":{"_0":"id"}}`, `{"reply":{"actionIdentifier":…,"text":…}}`.
extension ResponseAction: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
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

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> ResponseAction {
        try reader.beginObject()
        guard let key = try reader.nextKey() else { throw JSONFastPathMiss() }
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
                guard reader.key(member, is: "_0"), identifier == nil else { throw JSONFastPathMiss() }
                identifier = try reader.string()
            }
            guard let identifier else { throw JSONFastPathMiss() }
            action = .action(identifier)
        } else if reader.key(key, is: "reply") {
            var actionIdentifier: String?
            var text: String?
            var seen = JSONFieldSet()
            try reader.beginObject()
            while let member = try reader.nextKey() {
                if reader.key(member, is: "actionIdentifier") {
                    try seen.mark(0)
                    actionIdentifier = try reader.string()
                } else if reader.key(member, is: "text") {
                    try seen.mark(1)
                    text = try reader.string()
                } else {
                    throw JSONFastPathMiss()
                }
            }
            guard let actionIdentifier, let text else { throw JSONFastPathMiss() }
            action = .reply(actionIdentifier: actionIdentifier, text: text)
        } else {
            throw JSONFastPathMiss()
        }
        guard try reader.nextKey() == nil else { throw JSONFastPathMiss() }
        return action
    }
}

extension ResponseRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
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

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> ResponseRecord {
        var action: ResponseAction?
        var date: Date?
        var isDeliveredToApp: Bool?
        var notification: DeliveredRecord?
        var responseID: Int64?
        var seen = JSONFieldSet()
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
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let action, let date, let isDeliveredToApp, let notification, let responseID else { throw JSONFastPathMiss() }
        return ResponseRecord(responseID: responseID, notification: notification, action: action, date: date,
                              isDeliveredToApp: isDeliveredToApp)
    }
}
