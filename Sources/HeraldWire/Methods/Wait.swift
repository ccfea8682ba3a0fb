import Foundation
import HeraldCore

// `wait`: the user's response to a notification (`herald post --wait`).

extension Methods {
    /// No deadline: it has its own `timeout`.
    public static let wait = Method<WaitParams, WaitResult>("wait", hasDeadline: false)
}

/// Waits for the user's response to a request.
public struct WaitParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var identifier: String
    /// Only responses to deliveries at or after this date count (the `date` of `post`).
    public var since: Date?
    /// Seconds, 0…`maximumTimeout`; `nil` waits as long as the connection lasts.
    public var timeout: Double?
    public init(bundleIdentifier: String, identifier: String, since: Date? = nil, timeout: Double? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.since = since
        self.timeout = timeout
    }

    /// The longest `timeout`: 365 days (31,536,000 s). Longer waits leave it out.
    public static let maximumTimeout: Double = 365 * 86_400

    /// Throws `EngineError.invalidRequest` naming `timeout` and its limit when it is negative,
    /// not a number or over `maximumTimeout`.
    public static func validate(timeout: Double?) throws {
        guard let timeout else { return }
        guard timeout >= 0, timeout <= maximumTimeout else {
            throw EngineError.invalidRequest(field: "timeout", reason: "is \(timeout) seconds; it must be from 0 to "
                + "\(Int(maximumTimeout)) seconds (365 days); leave it out to wait as long as the connection lasts")
        }
    }
}

/// The response, or `timedOut: true`.
public struct WaitResult: Codable, Sendable, Hashable {
    public var response: ResponseRecord?
    public var timedOut: Bool
    public init(response: ResponseRecord?, timedOut: Bool) {
        self.response = response
        self.timedOut = timedOut
    }
}

extension WaitParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> WaitParams {
        WaitParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier), identifier: CanonicalIdentifier.form(identifier),
                   since: since, timeout: timeout)
    }
}
