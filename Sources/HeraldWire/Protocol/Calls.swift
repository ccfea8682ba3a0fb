import Foundation
import HeraldCore

/// Every call the server makes to a connected app.
public enum Calls {
    public static let willPresent = Call<WillPresentParams, WirePresentationDecision>("willPresent")
    public static let didReceive = Call<DidReceiveParams, Empty>("didReceive")
    /// The result is a `BackgroundFetchResult` raw value, or `null` when the app has no handler.
    public static let backgroundPush = Call<BackgroundPushParams, BackgroundFetchResult?>("backgroundPush")
    public static let openSettings = Call<OpenSettingsParams, Empty>("openSettings")
    /// The result is the (possibly modified) content; it comes when the extension calls its
    /// content handler.
    public static let serviceExtensionStart = Call<ServiceExtensionStartParams, ContentRecord>("serviceExtensionStart")
    public static let serviceExtensionTimeWillExpire = Call<AppParams, Empty>("serviceExtensionTimeWillExpire")
}

public struct WillPresentParams: Codable, Sendable, Hashable {
    public var notification: DeliveredRecord
    public init(notification: DeliveredRecord) { self.notification = notification }
}

public struct DidReceiveParams: Codable, Sendable, Hashable {
    public var response: ResponseRecord
    public init(response: ResponseRecord) { self.response = response }
}

public struct BackgroundPushParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var userInfo: [String: JSONValue]
    public init(bundleIdentifier: String, userInfo: [String: JSONValue]) {
        self.bundleIdentifier = bundleIdentifier
        self.userInfo = userInfo
    }
}

public struct OpenSettingsParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var notification: DeliveredRecord?
    public init(bundleIdentifier: String, notification: DeliveredRecord?) {
        self.bundleIdentifier = bundleIdentifier
        self.notification = notification
    }
}

public struct ServiceExtensionStartParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var request: RequestRecord
    public init(bundleIdentifier: String, request: RequestRecord) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
    }
}

/// `PresentationDecision` on the wire: `{"options":19}`, `{"noDelegate":{}}`,
/// `{"notImplemented":{}}` or `{"timedOut":{}}`.
public enum WirePresentationDecision: Codable, Sendable, Hashable {
    case noDelegate
    case notImplemented
    case timedOut
    case options(UNNotificationPresentationOptions)

    public init(_ decision: PresentationDecision) {
        switch decision {
        case .noDelegate: self = .noDelegate
        case .notImplemented: self = .notImplemented
        case .timedOut: self = .timedOut
        case .options(let options): self = .options(options)
        }
    }

    public var decision: PresentationDecision {
        switch self {
        case .noDelegate: return .noDelegate
        case .notImplemented: return .notImplemented
        case .timedOut: return .timedOut
        case .options(let options): return .options(options)
        }
    }

    private enum CodingKeys: String, CodingKey { case noDelegate, notImplemented, timedOut, options }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let options = try container.decodeIfPresent(UNNotificationPresentationOptions.self, forKey: .options) {
            self = .options(options)
        } else if container.contains(.noDelegate) {
            self = .noDelegate
        } else if container.contains(.notImplemented) {
            self = .notImplemented
        } else if container.contains(.timedOut) {
            self = .timedOut
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "expected one of options, noDelegate, notImplemented, timedOut"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .noDelegate: try container.encode(Empty(), forKey: .noDelegate)
        case .notImplemented: try container.encode(Empty(), forKey: .notImplemented)
        case .timedOut: try container.encode(Empty(), forKey: .timedOut)
        case .options(let options): try container.encode(options, forKey: .options)
        }
    }
}
