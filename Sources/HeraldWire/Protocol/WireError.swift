import HeraldCore

/// An error reply: `{"id":3,"error":{"domain":"UNErrorDomain","code":1600,"message":"…"}}`.
///
/// Domains: `UNErrorDomain` (Apple's codes in `code`, with `detail`), `apns` (a push rejected;
/// APNs's reason name in `reason`), `herald.protocol` (the line itself was wrong; `reason` is one
/// of `IPCProtocolReason`), `herald` (anything else).
public struct WireError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    public var domain: String
    public var code: Int?
    public var reason: String?
    public var message: String
    public var detail: String?

    public init(domain: String, code: Int? = nil, reason: String? = nil, message: String, detail: String? = nil) {
        self.domain = domain
        self.code = code
        self.reason = reason
        self.message = message
        self.detail = detail
    }

    public static let protocolDomain = "herald.protocol"
    public static let apnsDomain = "apns"
    public static let heraldDomain = "herald"

    /// The `reason` of a `herald`-domain error for an app the center does not know.
    public static let unknownAppReason = "unknownApp"

    /// `post` with `requireKnownApp` for an app the center has never seen.
    public static func unknownApp(_ bundleIdentifier: String) -> WireError {
        WireError(domain: heraldDomain, reason: unknownAppReason,
                  message: PostRefusal.unknownApp(bundleIdentifier: bundleIdentifier).description)
    }

    /// A protocol error (the message, not the center, was at fault).
    package static func protocolError(_ reason: IPCProtocolReason, _ message: String) -> WireError {
        WireError(domain: protocolDomain, reason: reason.rawValue, message: message)
    }

    /// Describes any error thrown while serving a request.
    public init(_ error: any Error) {
        switch error {
        case let error as WireError: self = error
        case let error as UNError:
            self.init(domain: UNErrorDomain, code: error.code.rawValue, message: error.description, detail: error.detail)
        case PostRefusal.unknownApp(let bundleIdentifier):
            self = .unknownApp(bundleIdentifier)
        case let error as PostRefusal:
            self = .protocolError(.pendingLimit, error.description)
        case let error as any PushRejection:
            self.init(domain: WireError.apnsDomain, reason: error.reason, message: error.explanation)
        default:
            self.init(domain: WireError.heraldDomain, message: String(describing: error))
        }
    }

    /// The error a client rethrows: a `UNError` when it is one, an `APNsRejection` for pushes,
    /// else this value.
    public var rethrowable: any Error {
        if domain == UNErrorDomain, let code, let unCode = UNError.Code(rawValue: code) {
            return UNError(unCode, detail: detail)
        }
        if domain == WireError.apnsDomain, let reason { return APNsRejection(reason: reason, explanation: message) }
        return self
    }

    public var description: String {
        if let reason, domain == WireError.apnsDomain { return "\(reason): \(message)" }
        return message
    }
}

/// Why the server could not take a line (`reason` of a `herald.protocol` error).
public enum IPCProtocolReason: String, Codable, Sendable, CaseIterable {
    case malformedJSON, invalidUTF8, lineTooLong, notAnObject, unknownMethod, badParams
    case helloRequired, unsupportedProtocol, permissionDenied, unexpectedReply
    /// A post the app's pending limit (64) left out.
    case pendingLimit
    /// An app posting faster than its rate limit.
    case rateLimited
    /// The daemon serves its maximum number of connections.
    case tooManyConnections
    /// No hello came in time after connecting.
    case helloTimeout
    /// A line that did not arrive whole in time, or that the server's budget for unfinished
    /// lines could not keep: it was given up and the connection closed.
    case incompleteLine
    /// A subscriber that did not read its events: its queue is full and it is dropped.
    case queueOverflow
    /// A request that ran out of its time.
    case deadlineExceeded
    /// A reply that would be longer than the line limit (1 MiB): the server sends this instead.
    case replyTooLarge
    /// `handOver` asked of a daemon that does not hand its center over (started by hand or by
    /// a supervisor), or that is handing it over already.
    case handOverRefused
}

/// An error that carries an APNs reason name (`PayloadTooLarge`, `BadCollapseId`, …) and a
/// sentence. The engine's push errors conform, so the server can report them faithfully.
public protocol PushRejection: Error {
    /// APNs's own reason name.
    var reason: String { get }
    /// A sentence saying what is wrong.
    var explanation: String { get }
}

/// A push the center rejected, as a client sees it.
public struct APNsRejection: PushRejection, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var explanation: String
    public init(reason: String, explanation: String) {
        self.reason = reason
        self.explanation = explanation
    }
    public var description: String { "\(reason): \(explanation)" }
}
