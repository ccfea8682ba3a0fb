import Foundation
import HeraldCore

// `push`: an APNs payload (`herald push`, the `simctl push` file format).

extension Methods {
    public static let push = Method<PushParams, PostResult>("push", addsNotification: true)
}

/// APNs request headers that `herald push` accepts.
public struct PushHeaders: Codable, Sendable, Hashable {
    /// `apns-collapse-id`: becomes the request identifier (64 bytes at most).
    public var collapseID: String?
    /// `apns-priority`: 10, 5 or 1.
    public var priority: Int?
    /// `apns-push-type`: `alert`, `background`, …
    public var pushType: String?
    /// `apns-expiration`: UNIX seconds; `0` means deliver once or never.
    public var expiration: Int?
    public init(collapseID: String? = nil, priority: Int? = nil, pushType: String? = nil, expiration: Int? = nil) {
        self.collapseID = collapseID
        self.priority = priority
        self.pushType = pushType
        self.expiration = expiration
    }
}

/// `herald push`: an APNs payload (the text of a `.apns` file) for an app named by bundle
/// identifier, by device token, or by the payload's `"Simulator Target Bundle"`.
public struct PushParams: Codable, Sendable, Hashable {
    /// The payload, byte for byte (UTF-8 JSON text).
    public var payload: String
    public var bundleIdentifier: String?
    /// Lower-case hex device token (`herald app --token`).
    public var deviceToken: String?
    public var headers: PushHeaders
    public init(payload: String, bundleIdentifier: String? = nil, deviceToken: String? = nil,
                headers: PushHeaders = PushHeaders()) {
        self.payload = payload
        self.bundleIdentifier = bundleIdentifier
        self.deviceToken = deviceToken
        self.headers = headers
    }

    /// Whose post rate a push counts against (the socket's and the broker's doors): its app,
    /// else its device token.
    package var rateLimitKey: String { bundleIdentifier ?? deviceToken ?? "(push without an app)" }
}

extension PushParams: CanonicalIdentifiers {
    /// The bundle identifier and the collapse id (the request's identifier); the payload's own
    /// identifiers (`thread-id`, `category`) are the engine's to read (`PushPayload`).
    public func withCanonicalIdentifiers() -> PushParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        params.headers.collapseID = CanonicalIdentifier.form(headers.collapseID)
        return params
    }
}
