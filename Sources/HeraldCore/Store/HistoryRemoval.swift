/// Deliveries a store removed from history on its own (its retention policy): which went, and
/// how many per app, unread and in all — what the engine moves its `HistoryCounts` by and tells
/// user interfaces (`CenterEvent.deleted`).
public struct HistoryRemoval: Sendable, Hashable {
    /// The deliveries removed, in the order given.
    public var deliveryIDs: [Int64]
    /// Per app: how many of them were unread, and how many in all.
    public var counts: [String: HistoryCounts]

    public init(deliveryIDs: [Int64] = [], counts: [String: HistoryCounts] = [:]) {
        self.deliveryIDs = deliveryIDs
        self.counts = counts
    }

    /// Counts one removed delivery.
    public mutating func note(deliveryID: Int64, bundleIdentifier: String, isRead: Bool) {
        deliveryIDs.append(deliveryID)
        var app = counts[bundleIdentifier] ?? .zero
        app.total += 1
        if !isRead { app.unread += 1 }
        counts[bundleIdentifier] = app
    }
}
