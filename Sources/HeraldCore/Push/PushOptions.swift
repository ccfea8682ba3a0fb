import Foundation

/// The APNs request headers a push may carry (`apns-collapse-id`, `apns-priority`,
/// `apns-push-type`, `apns-expiration`, the device token).
///
/// ```swift
/// let options = PushOptions(collapseID: "score-42", priority: 10, pushType: .alert)
/// let id = try await engine.push(payload, bundleIdentifier: "com.example.app", options: options)
/// // id == "score-42"
/// ```
public struct PushOptions: Sendable, Hashable {
    /// `apns-push-type`. Only application pushes are supported, as with `simctl push`.
    public enum PushType: String, Sendable, Hashable, CaseIterable {
        case alert
        case background

        /// Parses a header value; other APNs types (`voip`, `location`, …) are not supported here.
        public static func parse(_ string: String) throws -> PushType {
            guard let type = PushType(rawValue: string.lowercased()) else {
                throw PushError.invalidPushType(string, reason: "only \"alert\" and \"background\" are supported")
            }
            return type
        }
    }

    /// `apns-collapse-id`: becomes the request identifier (≤ 64 bytes); `nil` makes a UUID.
    public var collapseID: String?
    /// `apns-priority`: 10 (now), 5 (power-aware) or 1 (lowest); `nil` is 10 for alert pushes and
    /// 5 for background pushes.
    public var priority: Int?
    /// `apns-push-type`; `nil` is inferred from the payload (`background` for a
    /// `content-available`-only payload, else `alert`).
    public var pushType: PushType?
    /// `apns-expiration`; `nil` or any valid date is accepted (a local center is always online).
    public var expiration: Date?
    /// The device token the push is addressed to, as lowercase hex; `nil` skips the check.
    public var deviceToken: String?

    public init(collapseID: String? = nil, priority: Int? = nil, pushType: PushType? = nil,
                expiration: Date? = nil, deviceToken: String? = nil) {
        self.collapseID = collapseID
        self.priority = priority
        self.pushType = pushType
        self.expiration = expiration
        self.deviceToken = deviceToken
    }

    /// Parses an `apns-expiration` header value (UNIX seconds, `0` = try once).
    public static func parseExpiration(_ string: String) throws -> Date {
        guard let seconds = Int64(string.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            throw PushError.badExpirationDate(string)
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Checks the options against the payload (priority, push type, collapse id, expiration).
    public func validate(for payload: PushPayload) throws {
        if let collapseID, collapseID.utf8.count > 64 {
            throw PushError.badCollapseId(length: collapseID.utf8.count)
        }
        if let priority {
            guard [10, 5, 1].contains(priority) else {
                throw PushError.badPriority(priority, reason: "use 10 (immediate), 5 (power-aware) or 1 (lowest)")
            }
            if effectivePushType(for: payload) == .background && priority == 10 {
                throw PushError.badPriority(priority, reason: "a background push must use priority 5 or 1")
            }
        }
        if pushType == .background && payload.isVisible {
            throw PushError.invalidPushType("background",
                                            reason: "the payload shows an alert, badge or sound; use \"alert\"")
        }
        if let expiration, !(expiration.timeIntervalSince1970 >= 0) {
            throw PushError.badExpirationDate(String(expiration.timeIntervalSince1970))
        }
    }

    /// The push type in effect: the given one, or inferred from the payload.
    public func effectivePushType(for payload: PushPayload) -> PushType {
        pushType ?? (payload.isBackgroundOnly ? .background : .alert)
    }
}
