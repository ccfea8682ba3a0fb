import Foundation

/// What a user interface asks for at every start, answered from what the engine keeps instead
/// of counting the history again: every app's counts (`AppState.counts`, kept as history changes:
/// `NotificationEngine+Counts.swift`) and the number of notifications in the whole history (the
/// total beside the list; at a million rows a count reads every page of an index).
///
/// The total is read from the store once, on the engine, when first asked for, and then moved
/// with every change the engine makes to history: a delivery (less the notifications it
/// replaces and those the store's retention removed to make room), a deletion, the retention
/// pass and clearing. A change it cannot move by an exact amount (an app's history cleared
/// while its counts were not kept, a commit that failed) forgets it, to be read again.
extension NotificationEngine {
    /// Every app's counts, when the engine keeps them all; `nil` when one is not kept yet.
    func keptAppCounts() -> [String: HistoryCounts]? {
        apps.countsOfEveryApp()
    }

    /// The kept total when `query` counts the whole history (no app, search, unread filter or
    /// ids), read from the store the first time; `nil` for any other query.
    func keptHistoryCount(_ query: HistoryQuery) throws -> Int? {
        guard query.countsWholeHistory else { return nil }
        if let keptHistoryTotal { return keptHistoryTotal }
        let total = try store.historyCount(HistoryQuery(limit: 0))
        keptHistoryTotal = total
        return total
    }

    /// The history grew (or, negative, shrank) by `delta` notifications.
    func moveKeptTotal(by delta: Int) {
        guard delta != 0, let total = keptHistoryTotal else { return }
        keptHistoryTotal = max(0, total + delta)
    }

    /// `bundleIdentifier`'s history (or, `nil`, all of it) is gone: the total moves by the
    /// app's kept total, or is read again when the app's counts were not kept.
    func moveKeptTotalForClearing(_ bundleIdentifier: String?) {
        guard let bundleIdentifier else {
            if keptHistoryTotal != nil { keptHistoryTotal = 0 }
            return
        }
        if let counts = keptCounts(of: bundleIdentifier) {
            moveKeptTotal(by: -counts.total)
        } else {
            keptHistoryTotal = nil
        }
    }

    /// Changes the engine counted did not reach the store (a commit failed): everything kept is
    /// read again when next needed.
    func forgetKeptCounts() {
        apps.forgetCounts()
        keptHistoryTotal = nil
    }
}

extension HistoryQuery {
    /// Whether the query counts every notification in history.
    var countsWholeHistory: Bool { bundleIdentifier == nil && search == nil && !unreadOnly && deliveryIDs == nil }
}
