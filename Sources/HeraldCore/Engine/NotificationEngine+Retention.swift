import Foundation

/// The store's retention policy applied once the center serves. The SQLite store can apply it
/// when it opens, but at a million rows finding what is past the limits (every app's count)
/// takes far longer than a start should; the daemon opens the store without it and calls
/// `applyRetention(now:)` after it has begun answering.
extension NotificationEngine {
    /// Deliveries one step removes: each step is one turn of the engine and one transaction, so
    /// requests wait for a step at most, never for the whole pass.
    static let retentionStep = 2_000

    /// Removes the history past the store's retention policy: found beside the engine
    /// (`NotificationStore.deliveriesPastRetention`, which holds up neither the engine nor the
    /// writer), then removed a step at a time, each step moving the counts of the apps the
    /// engine keeps (with `.countsChanged`) and telling user interfaces which rows went
    /// (`.deleted`). Returns how many deliveries went.
    ///
    /// ```swift
    /// let removed = try await engine.applyRetention(now: Date())
    /// ```
    @discardableResult
    nonisolated public func applyRetention(now: Date) async throws -> Int {
        let store = self.store
        let past = try await Self.offEngine { try store.deliveriesPastRetention(now: now) }
        var removed = 0
        var start = 0
        while start < past.count {
            let step = Array(past[start..<min(start + Self.retentionStep, past.count)])
            removed += try await removePastRetention(step)
            start += step.count
        }
        return removed
    }

    /// One step: deletes what of `ids` is still past retention and counts it.
    private func removePastRetention(_ ids: [Int64]) throws -> Int {
        let removal = try store.removePastRetention(ids: ids)
        guard !removal.deliveryIDs.isEmpty else { return 0 }
        emit(.deleted(deliveryIDs: removal.deliveryIDs))
        moveKeptTotal(by: -removal.deliveryIDs.count)
        // Only the counts kept are moved: an app's counts not read yet are read when needed,
        // after the removal (reading them now would cost a count per app for nothing). The
        // unread counts kept for status lines cover every app.
        for (bundle, counts) in removal.counts.sorted(by: { $0.key < $1.key }) {
            if keptCounts(of: bundle) != nil {
                adjustCounts(of: bundle, unread: -counts.unread, total: -counts.total)
            } else {
                keptUnread.move(bundle, by: -counts.unread)
            }
        }
        return removal.deliveryIDs.count
    }
}
