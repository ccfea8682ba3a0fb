/// What a user interface shows of one app's history: how many notifications are unread and how
/// many are kept. The engine keeps these as deliveries are kept, read, deleted and cleared, and
/// sends them with `CenterEvent.countsChanged`; `CenterControl.historyCounts()` reads them all.
///
/// ```swift
/// let counts = try await center.historyCounts()
/// let unread = counts["com.example.messages", default: .zero].unread
/// ```
public struct HistoryCounts: Sendable, Hashable, Codable {
    /// Unread notifications in history.
    public var unread: Int
    /// Notifications in history.
    public var total: Int

    public init(unread: Int = 0, total: Int = 0) {
        self.unread = unread
        self.total = total
    }

    /// No history.
    public static let zero = HistoryCounts()
}
