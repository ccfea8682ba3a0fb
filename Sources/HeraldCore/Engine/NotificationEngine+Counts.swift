import Foundation

/// Each app's history counts (unread, total), kept by the engine as it changes history, so that
/// user interfaces show them without counting (and without a count query per delivery): an
/// app's counts are read from the store once, when first needed, and then moved along with every
/// change the engine makes. `historyCounts()` reads them all from the store the first time (a
/// user interface loading its screen) and answers from them after
/// (`NotificationEngine+KeptTotal.swift`). The SQLite store's retention, removing the oldest
/// rows of an app past its limit as new ones arrive, is counted too: the store reports what it
/// removed (`NotificationStore.takeRemovedByRetention`) and `deliver` moves the counts by it.
extension NotificationEngine {
    /// Every app's counts: those the engine keeps, or, while one is not kept yet, read from the
    /// store (and kept from now on).
    public func historyCounts() async throws -> [String: HistoryCounts] {
        if let kept = keptAppCounts() { return kept }
        let unread = try store.unreadCounts()
        keptUnread.load(unread)
        var counts: [String: HistoryCounts] = [:]
        for bundle in apps.keys {
            let total = try store.historyCount(HistoryQuery(bundleIdentifier: bundle, limit: 0))
            counts[bundle] = HistoryCounts(unread: unread[bundle] ?? 0, total: total)
        }
        apps.replaceCounts(with: counts)
        return counts
    }

    /// Each app's unread notifications (apps with none left out), from the store's counters:
    /// no count query per app.
    public func unreadCounts() async throws -> [String: Int] {
        try store.unreadCounts().filter { $0.value > 0 }
    }

    /// The app's counts as the engine keeps them; `nil` while they are not kept.
    func keptCounts(of bundleIdentifier: String) -> HistoryCounts? {
        apps.existingState(bundleIdentifier)?.counts
    }

    private func storedCounts(of bundleIdentifier: String) -> HistoryCounts {
        let total = (try? store.historyCount(HistoryQuery(bundleIdentifier: bundleIdentifier, limit: 0))) ?? 0
        let unread = (try? store.historyCount(HistoryQuery(bundleIdentifier: bundleIdentifier, limit: 0, unreadOnly: true))) ?? 0
        return HistoryCounts(unread: unread, total: total)
    }

    /// The app's history changed by `unread` and `total`: moves its counts along (or, when they
    /// were not kept yet, reads them — the store has the change already, so it is counted once)
    /// and announces them. Nothing to read before the change: one lookup per delivery.
    func adjustCounts(of bundleIdentifier: String, unread: Int = 0, total: Int = 0) {
        guard unread != 0 || total != 0 else { return }
        adjustCounts(of: apps.state(for: bundleIdentifier), bundleIdentifier: bundleIdentifier, unread: unread, total: total)
    }

    /// `adjustCounts` for an app whose state the caller holds (a delivery found it already).
    func adjustCounts(of state: AppState, bundleIdentifier: String, unread: Int, total: Int) {
        guard unread != 0 || total != 0 else { return }
        keptUnread.move(bundleIdentifier, by: unread)
        let counts: HistoryCounts
        if let moved = state.moveCounts(unread: unread, total: total) {
            counts = moved
        } else {
            counts = storedCounts(of: bundleIdentifier)
            state.counts = counts
        }
        emit(.countsChanged(bundleIdentifier: bundleIdentifier, counts: counts))
    }

    /// The read state of `records` (as they were before) changed to `isRead`.
    func countReadChange(_ records: [DeliveredRecord], isRead: Bool) {
        var deltas: [String: Int] = [:]
        for record in records where record.isRead != isRead {
            deltas[record.bundleIdentifier, default: 0] += isRead ? -1 : 1
        }
        for (bundle, delta) in deltas.sorted(by: { $0.key < $1.key }) { adjustCounts(of: bundle, unread: delta) }
    }

    /// `records` left history.
    func countRemoval(_ records: [DeliveredRecord]) {
        var deltas: [String: (unread: Int, total: Int)] = [:]
        for record in records {
            deltas[record.bundleIdentifier, default: (0, 0)].total -= 1
            if !record.isRead { deltas[record.bundleIdentifier, default: (0, 0)].unread -= 1 }
        }
        for (bundle, delta) in deltas.sorted(by: { $0.key < $1.key }) {
            adjustCounts(of: bundle, unread: delta.unread, total: delta.total)
        }
    }

    /// All history of one app (or every app) is gone.
    func countCleared(_ bundleIdentifier: String?) {
        moveKeptTotalForClearing(bundleIdentifier)
        keptUnread.clear(bundleIdentifier)
        let bundles = bundleIdentifier.map { [$0] } ?? apps.keys.sorted()
        for bundle in bundles {
            apps.state(for: bundle).counts = .zero
            emit(.countsChanged(bundleIdentifier: bundle, counts: .zero))
        }
    }
}
