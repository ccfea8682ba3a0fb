import HeraldCore

/// A request a client can make: its wire name, the types of its params and result, and what the
/// daemon must know of it beyond its handler. Each is declared once, in its own file under
/// `Methods/` with its params, result and their hand-written codec (an extension of `Methods`);
/// the client calls it by that declaration, the daemon serves it under that declaration.
///
/// ```swift
/// extension Methods {
///     /// Sets an app's badge (`0` clears it).
///     public static let setBadge = Method<BadgeParams, Empty>("setBadge")
/// }
/// let count = try await client.call(Methods.historyCount, HistoryQuery())
/// ```
public struct Method<Params: Codable & Sendable, Result: Codable & Sendable>: Sendable {
    /// The `method` string on the wire.
    public let name: String
    /// Whether the daemon gives up on the request after its deadline (60 s, `deadlineExceeded`);
    /// `false` for a request that waits for a person or has a timeout of its own (`wait`,
    /// `requestAuthorization`).
    public let hasDeadline: Bool
    /// Whether the request adds a notification (`post`, `add`, `push`): the daemon holds the
    /// commits of such requests read together and makes them one.
    public let addsNotification: Bool
    /// The hand-written codec for the params and the result, when both have one (see
    /// `TypedFastCodec`).
    package let fastCodec: TypedFastCodec<Params, Result>?

    public init(_ name: String, hasDeadline: Bool = true, addsNotification: Bool = false) {
        self.name = name
        self.hasDeadline = hasDeadline
        self.addsNotification = addsNotification
        fastCodec = nil
    }
}

extension Method where Params: JSONFastCodable, Result: JSONFastCodable {
    /// A method whose params and result both go through the hand-written codec; chosen over
    /// `init(_:)` wherever the types are known to have it (`Methods.post`).
    package init(_ name: String, hasDeadline: Bool = true, addsNotification: Bool = false) {
        self.name = name
        self.hasDeadline = hasDeadline
        self.addsNotification = addsNotification
        fastCodec = TypedFastCodec()
    }
}

/// A call the server makes to a connected app (`willPresent`, `didReceive`, …); the app answers
/// with `{"reply":N,"result":…}`.
public struct Call<Params: Codable & Sendable, Result: Codable & Sendable>: Sendable {
    /// The `method` string on the wire.
    public let name: String
    public init(_ name: String) { self.name = name }
}
