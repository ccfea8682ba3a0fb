import Foundation

/// A page of history as a list shows it (`CenterControl.historyPage`): the rows of a
/// `HistoryQuery`, newest first, the large ones shortened, as many as fit in one reply.
///
/// ```swift
/// let page = try await center.historyPage(HistoryQuery(limit: 300))
/// for id in page.shortened { … }   // history(HistoryQuery(limit: 1, deliveryIDs: [id])) for the whole record
/// if !page.isComplete { … }        // the rest starts at offset + page.records.count
/// ```
public struct HistoryPage: Sendable, Hashable, Codable {
    public var records: [DeliveredRecord]
    /// The deliveries whose record is shortened (`DeliveredRecord.shortenedForList`): their
    /// whole record comes from `history` with `deliveryIDs`.
    public var shortened: [Int64]
    /// Whether every row the query asked for is here: `false` when the page was cut to fit one
    /// reply (the socket's line limit); the rest starts at `offset + records.count`.
    public var isComplete: Bool

    public init(records: [DeliveredRecord], shortened: [Int64] = [], isComplete: Bool = true) {
        self.records = records
        self.shortened = shortened
        self.isComplete = isComplete
    }
}
