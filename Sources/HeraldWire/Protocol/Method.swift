/// A request a client can make: its wire name and the types of its params and result.
///
/// ```swift
/// let count = try await client.call(Methods.historyCount, HistoryQuery())
/// ```
public struct Method<Params: Codable & Sendable, Result: Codable & Sendable>: Sendable {
    /// The `method` string on the wire.
    public let name: String
    public init(_ name: String) { self.name = name }
}

/// A call the server makes to a connected app (`willPresent`, `didReceive`, …); the app answers
/// with `{"reply":N,"result":…}`.
public struct Call<Params: Codable & Sendable, Result: Codable & Sendable>: Sendable {
    /// The `method` string on the wire.
    public let name: String
    public init(_ name: String) { self.name = name }
}
