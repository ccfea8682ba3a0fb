import Foundation

/// A status line's view of the center (`herald status`), answered from what the engine keeps:
/// each app's unread count (`KeptUnreadCounts`) and the newest unread notification
/// (`NewestUnreadTracker`), both moved along with every change the engine makes to history. The
/// store is read only the first time and, for the newest unread notification, after a change
/// the engine cannot follow (the newest one read or removed): however many rows history holds
/// and however many apps the center knows, a status costs a few lookups.
extension NotificationEngine {
    /// Each app's unread count (apps with none left out), the display names of those apps and of
    /// the newest unread notification's, the Focus that is on and the newest unread notification.
    ///
    /// ```swift
    /// let status = try await engine.statusSnapshot()
    /// status.unread   // ["com.example.mail": 2]
    /// ```
    public func statusSnapshot() async throws -> StatusResult {
        var unread = try keptUnreadCounts()
        var newest: DeliveredRecord?
        if !unread.isEmpty {
            if let known = newestUnread.known {
                newest = known
            } else {
                newest = try await readNewestUnread()
                // History may have changed while it was read: the counts of now.
                unread = try keptUnreadCounts()
                if unread.isEmpty { newest = nil }
            }
        }
        advanceFocus()
        let active = focus.status(at: clock.now(), calendar: clock.calendar)
        var names: [String: String] = [:]
        names.reserveCapacity(unread.count + 1)
        for bundle in unread.keys {
            if let app = apps[bundle] { names[bundle] = app.displayName }
        }
        if let newest, let app = apps[newest.bundleIdentifier] { names[newest.bundleIdentifier] = app.displayName }
        return StatusResult(unread: unread, names: names, focus: active, newestUnread: newest)
    }

    /// The unread counts kept, read from the store the first time.
    private func keptUnreadCounts() throws -> [String: Int] {
        if let counts = keptUnread.counts { return counts }
        let stored = try store.unreadCounts()
        keptUnread.load(stored)
        return keptUnread.counts ?? [:]
    }

    /// The newest unread notification, read from the store as `history` reads (beside the
    /// engine, where the store can: reaching it may walk far back in a large history), and kept
    /// unless history changed meanwhile.
    private func readNewestUnread() async throws -> DeliveredRecord? {
        let changes = newestUnread.changes
        let record = try await history(HistoryQuery(limit: 1, unreadOnly: true)).first
        if newestUnread.changes == changes { newestUnread.learn(record) }
        return newestUnread.known ?? record
    }

    /// The store rolled back writes the kept status had followed: both are read again when next
    /// asked.
    func forgetKeptStatus() {
        keptUnread.forget()
        newestUnread.forget()
    }
}
