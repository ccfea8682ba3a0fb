import Foundation

/// Why a push was rejected, named as APNs names it (`reason`), with a sentence that says what is
/// wrong and the limit.
///
/// ```swift
/// do { _ = try await engine.push(data, bundleIdentifier: nil) }
/// catch let error as PushError { print(error.reason, error.message) }  // "MissingTopic", "…"
/// ```
public enum PushError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The payload is empty.
    case payloadEmpty
    /// The payload is over the limit (4096 bytes).
    case payloadTooLarge(size: Int, limit: Int)
    /// The collapse identifier is over 64 bytes.
    case badCollapseId(length: Int)
    /// The priority is not 10, 5 or 1 (or 10 for a background push).
    case badPriority(Int, reason: String)
    /// The push type is unknown or does not match the payload.
    case invalidPushType(String, reason: String)
    /// The expiration is not a valid UNIX time.
    case badExpirationDate(String)
    /// The device token is not the app's token.
    case badDeviceToken(String)
    /// No bundle identifier: neither the argument nor the payload's `Simulator Target Bundle`.
    case missingTopic
    /// The payload is not valid JSON, not an object, has no `aps` dictionary, or has a key of the
    /// wrong type. The string says which.
    case badPayload(String)

    /// The APNs reason name (`PayloadTooLarge`, …).
    public var reason: String {
        switch self {
        case .payloadEmpty: return "PayloadEmpty"
        case .payloadTooLarge: return "PayloadTooLarge"
        case .badCollapseId: return "BadCollapseId"
        case .badPriority: return "BadPriority"
        case .invalidPushType: return "InvalidPushType"
        case .badExpirationDate: return "BadExpirationDate"
        case .badDeviceToken: return "BadDeviceToken"
        case .missingTopic: return "MissingTopic"
        case .badPayload: return "BadPayload"
        }
    }

    /// The HTTP status APNs answers with.
    public var status: Int {
        if case .payloadTooLarge = self { return 413 }
        return 400
    }

    /// What is wrong, in a sentence.
    public var message: String {
        switch self {
        case .payloadEmpty:
            return "The payload is empty; send a JSON object with an \"aps\" dictionary."
        case .payloadTooLarge(let size, let limit):
            return "The payload is \(size) bytes; the limit is \(limit) bytes."
        case .badCollapseId(let length):
            return "The collapse identifier is \(length) bytes; the limit is 64 bytes."
        case .badPriority(let priority, let reason):
            return "The priority \(priority) is invalid: \(reason)."
        case .invalidPushType(let type, let reason):
            return "The push type \"\(type)\" is invalid: \(reason)."
        case .badExpirationDate(let value):
            return "The expiration \"\(value)\" is invalid: use a UNIX time in seconds, 0 or later."
        case .badDeviceToken(let detail):
            return "The device token is invalid: \(detail)."
        case .missingTopic:
            return "No bundle identifier: pass one, or put \"Simulator Target Bundle\" in the payload."
        case .badPayload(let detail):
            return "The payload is invalid: \(detail)."
        }
    }

    public var description: String { "\(reason): \(message)" }
    public var errorDescription: String? { description }
}
