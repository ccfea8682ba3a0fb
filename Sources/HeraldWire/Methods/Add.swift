import Foundation
import HeraldCore

// `add`: an app adds a notification request (Apple's `UNUserNotificationCenter.add`).

extension Methods {
    public static let add = Method<AddParams, Empty>("add", addsNotification: true)
}

public struct AddParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var request: RequestRecord
    public init(bundleIdentifier: String, request: RequestRecord) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
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

extension AddParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> AddParams {
        AddParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier), request: request.withCanonicalIdentifiers())
    }
}
