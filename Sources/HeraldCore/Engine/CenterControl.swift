import Foundation

/// What a user interface may do with the center: read history, act on notifications, change
/// settings. The engine implements it in process; the daemon client implements it over the
/// socket. The UI never touches the store directly.
public protocol CenterControl: AnyObject, Sendable {
    /// Every app that has talked to the center, with badge, settings and categories.
    func apps() async throws -> [AppRecord]
    /// A page of history, newest first.
    func history(_ query: HistoryQuery) async throws -> [DeliveredRecord]
    /// A page of history as a list shows it: large records shortened, as many rows as fit in one
    /// reply (`HistoryPage`). In process every record is whole and the page complete.
    func historyPage(_ query: HistoryQuery) async throws -> HistoryPage
    func historyCount(_ query: HistoryQuery) async throws -> Int
    /// Every app's history counts: unread and total (kept up to date by `.countsChanged`).
    func historyCounts() async throws -> [String: HistoryCounts]
    /// Each app's unread notifications, apps with none left out — without counting every app's
    /// history (a status line's question). The default takes them from `historyCounts()`.
    func unreadCounts() async throws -> [String: Int]
    /// Acts on a delivered notification as the user: open, dismiss, an action, a reply. Works
    /// from a banner and from history alike; the response reaches the app's delegate (or waits
    /// for the app to connect).
    func respond(deliveryID: Int64, action: ResponseAction) async throws
    func markRead(deliveryIDs: [Int64], isRead: Bool) async throws
    func deleteHistory(deliveryIDs: [Int64]) async throws
    func clearHistory(bundleIdentifier: String?) async throws
    /// Sets an app's badge (`0` clears it).
    func setBadge(_ count: Int, bundleIdentifier: String) async throws
    func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws
    func doNotDisturb() async -> Bool
    func setDoNotDisturb(_ isOn: Bool) async throws
    /// Focus modes, the Focus that is on, and the summaries' state.
    func focusOverview() async throws -> FocusOverview
    /// Turns a Focus on or off, saves or removes a mode, sets the summary times; returns the
    /// overview after the change. Bad input throws a `FocusError` naming the field.
    func changeFocus(_ change: FocusChange) async throws -> FocusOverview
    /// Answers permission prompt `promptID` (from `.promptRequested`) as the user: Allow or
    /// Don't Allow. `true` when this answer settled it; `false` when it was settled already
    /// (another user interface answered first, or the app stopped waiting).
    func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool
    /// Subscribes to events; the stream ends when the subscriber stops iterating.
    func events() async -> AsyncStream<CenterEvent>
}

extension CenterControl {
    public func unreadCounts() async throws -> [String: Int] {
        try await historyCounts().compactMapValues { $0.unread > 0 ? $0.unread : nil }
    }

    /// Every record whole, the page complete: what a center in the same process gives (there is
    /// no line to fit).
    public func historyPage(_ query: HistoryQuery) async throws -> HistoryPage {
        HistoryPage(records: try await history(query))
    }

    /// Every row `query` asks for, in the list's form: `historyPage` after `historyPage`, each
    /// going on where the one before was cut, until the query's rows are all here.
    public func historyWindow(_ query: HistoryQuery) async throws -> HistoryPage {
        var window = HistoryPage(records: [])
        var part = query
        while true {
            let page = try await historyPage(part)
            window.records += page.records
            window.shortened += page.shortened
            guard !page.isComplete, !page.records.isEmpty, window.records.count < query.limit else { break }
            part.offset = query.offset + window.records.count
            part.limit = query.limit - window.records.count
        }
        return window
    }
}
