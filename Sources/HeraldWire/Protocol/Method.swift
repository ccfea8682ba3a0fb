import HeraldCore

/// A request a client can make: its wire name and the types of its params and result.
///
/// ```swift
/// let count = try await client.call(Methods.historyCount, HistoryQuery())
/// ```
public struct Method<Params: Codable & Sendable, Result: Codable & Sendable>: Sendable {
    /// The `method` string on the wire.
    public let name: String
    /// The hand-written codec for the params and the result, when both have one (see
    /// `TypedFastCodec`).
    package let fastCodec: TypedFastCodec<Params, Result>?

    public init(_ name: String) {
        self.name = name
        fastCodec = nil
    }
}

extension Method where Params: JSONFastCodable, Result: JSONFastCodable {
    /// A method whose params and result both go through the hand-written codec; chosen over
    /// `init(_:)` wherever the types are known to have it (`Methods.post`).
    package init(_ name: String) {
        self.name = name
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
