import Foundation
import HeraldCore

// Reading history and its counts (`CenterControl`). Replies never exceed the line limit: see
// "History pages" in docs/PROTOCOL.md and the daemon's `HistoryPager`.

extension Methods {
    public static let history = Method<HistoryQuery, [DeliveredRecord]>("history")
    /// The page a list shows (`HistoryPage`): records over 8 KiB shortened, cut to fit one line.
    public static let historyPage = Method<HistoryQuery, HistoryPage>("historyPage")
    public static let historyCount = Method<HistoryQuery, Int>("historyCount")
    /// Every app's history counts: `{"com.example.app":{"unread":2,"total":40}}`.
    public static let historyCounts = Method<Empty, [String: HistoryCounts]>("historyCounts")
    /// The store's unread counters: `{"make":2}` (apps with unread only).
    public static let unreadCounts = Method<Empty, [String: Int]>("unreadCounts")
}

extension CenterRequests {
    public func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] {
        try await call(Methods.history, query)
    }

    /// The list's page (`historyPage`); from a center older than this client, which does not
    /// know it, the whole records of `history` (a complete page).
    public func historyPage(_ query: HistoryQuery) async throws -> HistoryPage {
        do {
            return try await call(Methods.historyPage, query)
        } catch let error as WireError where error.reason == IPCProtocolReason.unknownMethod.rawValue {
            return HistoryPage(records: try await history(query))
        }
    }

    public func historyCount(_ query: HistoryQuery) async throws -> Int { try await call(Methods.historyCount, query) }

    public func historyCounts() async throws -> [String: HistoryCounts] { try await call(Methods.historyCounts, Empty()) }

    public func unreadCounts() async throws -> [String: Int] { try await call(Methods.unreadCounts, Empty()) }
}
