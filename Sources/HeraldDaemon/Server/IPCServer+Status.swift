import Foundation
import HeraldCore
import HeraldWire

/// `status`: a status line's view of the center in one answer (`herald status`).
extension IPCServer {
    /// The unread counts (the store's counters), the names of the apps they name, the Focus that
    /// is on and the newest unread notification: a few lookups however many apps and rows the
    /// center holds (the app list and the per-app totals are what make `apps` and
    /// `historyCounts` grow with it).
    func status() async throws -> StatusResult {
        let unread = try await engine.unreadCounts()
        let newest = try await engine.history(HistoryQuery(limit: 1, unreadOnly: true)).first
        let focus = try await engine.focusOverview().active
        var named = Set(unread.keys)
        if let newest { named.insert(newest.bundleIdentifier) }
        var names: [String: String] = [:]
        for app in try await engine.apps() where named.contains(app.bundleIdentifier) {
            names[app.bundleIdentifier] = app.displayName
        }
        return StatusResult(unread: unread, names: names, focus: focus, newestUnread: newest)
    }
}
