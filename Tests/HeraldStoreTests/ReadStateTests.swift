import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The read state a search filters on without reading rows (schema version 8): the app index
/// that covers it (`delivered_app`) and `delivered_read_state`, which the search indexer fills
/// after the commit. Both stay exact as rows are read, made unread again, removed and dropped
/// by retention, also for rows the indexer had not reached when they changed.
@Suite struct ReadStateTests {
    private static let options = SQLiteStoreOptions(synchronous: .normal, retention: .unlimited, applyRetentionOnOpen: false)

    /// `delivered_read_state` holds exactly the rows through the index's mark, with their read state.
    private func expectExactReadState(_ store: SQLiteStore, _ comment: Comment? = nil,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        try store.lockedRead {
            let rows = try store.connection.query("""
                SELECT id, is_read FROM delivered WHERE id <= (SELECT indexed_through FROM search_index) ORDER BY id
                """) { "\($0.int64(0)):\($0.int(1))" }
            let kept = try store.connection.query("SELECT id, is_read FROM delivered_read_state ORDER BY id") {
                "\($0.int64(0)):\($0.int(1))"
            }
            #expect(kept == rows, comment, sourceLocation: sourceLocation)
        }
    }

    /// The ids of `query`'s page (unread only) from the search and from FTS5's matches filtered
    /// on their rows in `delivered`, which holds the read state itself.
    private func pages(_ store: SQLiteStore, _ query: HistoryQuery) throws -> (search: [Int64], plain: [Int64]) {
        let plain = try store.lockedRead {
            let expression = try #require(try store.searchMatch(query.search ?? "", bundleIdentifier: query.bundleIdentifier))
            return try store.connection.query("""
                SELECT delivered.id FROM delivered_fts CROSS JOIN delivered ON delivered.id = delivered_fts.rowid
                WHERE delivered_fts MATCH ?1 AND delivered.bundle_id = coalesce(?2, delivered.bundle_id)
                AND delivered.is_read = 0 ORDER BY delivered_fts.rowid DESC LIMIT ?3 OFFSET ?4
                """, [.text(expression), SQLValue(query.bundleIdentifier), SQLValue(query.limit),
                      SQLValue(query.offset)]) { $0.int64(0) }
        }
        return (try store.history(query).map(\.deliveryID), plain)
    }

    /// Searches of several parts, with and without an app, unread only and not, first and deep pages.
    private func expectSearchesAgree(_ store: SQLiteStore, _ step: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        for text in ["b", "number b", "urgent", "urgent number 1"] {
            for app in [nil, SearchShapeTests.apps[1]] {
                for offset in [0, 7] {
                    let query = HistoryQuery(bundleIdentifier: app, search: text, limit: 20, offset: offset, unreadOnly: true)
                    let (search, plain) = try pages(store, query)
                    #expect(search == plain, "\(step): '\(text)' app \(app ?? "-") offset \(offset)",
                            sourceLocation: sourceLocation)
                    #expect(try store.historyCount(query) == (try pages(store, HistoryQuery(
                        bundleIdentifier: app, search: text, limit: 10_000, unreadOnly: true)).plain.count),
                            "\(step): count of '\(text)' app \(app ?? "-")", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func readUnreadAgainAndRemovedRowsKeepUnreadSearchesExact() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(Self.options)
        var stored = try SearchShapeTests.add(0..<150, to: store)
        try store.updateSearchIndex()
        try expectExactReadState(store, "indexed")
        try expectSearchesAgree(store, "indexed")

        // Read: gone from unread searches, with and without an app.
        let app = SearchShapeTests.apps[1]
        let newestOfApp = try #require(stored.last { $0.bundleIdentifier == app && !$0.isRead })
        for index in stored.indices where stored[index].deliveryID % 3 != 0 || stored[index].deliveryID == newestOfApp.deliveryID {
            stored[index].isRead = true
            try store.updateDelivered(stored[index])
        }
        try expectExactReadState(store, "read")
        try expectSearchesAgree(store, "read")
        let unreadInApp = HistoryQuery(bundleIdentifier: app, search: "number", limit: 1_000, unreadOnly: true)
        #expect(try !store.history(unreadInApp).map(\.deliveryID).contains(newestOfApp.deliveryID))

        // Unread again: back in them.
        for index in stored.indices where stored[index].deliveryID % 2 == 0 {
            stored[index].isRead = false
            try store.updateDelivered(stored[index])
        }
        var again = newestOfApp
        again.isRead = false
        try store.updateDelivered(again)
        try expectExactReadState(store, "unread again")
        try expectSearchesAgree(store, "unread again")
        #expect(try store.history(unreadInApp).map(\.deliveryID).contains(newestOfApp.deliveryID))

        // Removed (one by one, the newest among them, and an app's all): gone from every search.
        try store.deleteDelivered(ids: stored.filter { $0.deliveryID % 5 == 1 || $0.deliveryID > 145 }.map(\.deliveryID))
        try expectExactReadState(store, "removed")
        try expectSearchesAgree(store, "removed")
        try store.deleteAllDelivered(bundleIdentifier: SearchShapeTests.apps[0])
        try expectExactReadState(store, "an app removed")
        try expectSearchesAgree(store, "an app removed")
    }

    /// Rows changed before the indexer reaches them are in the read state as they are when it does.
    @Test func rowsPastTheMarkEnterWithTheirStateWhenIndexed() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(Self.options)
        _ = try SearchShapeTests.add(0..<40, to: store)
        try store.updateSearchIndex()
        // In one transaction with their changes: the indexer cannot run in between.
        try store.batch {
            let late = try SearchShapeTests.add(40..<80, to: store)
            for var row in late where row.deliveryID % 2 == 1 {
                row.isRead.toggle()
                try store.updateDelivered(row)
            }
            try store.deleteDelivered(ids: late.filter { $0.deliveryID % 7 == 0 }.map(\.deliveryID))
            #expect(try store.connection.integer("SELECT max(id) FROM delivered_read_state") == 40)
        }
        try store.updateSearchIndex()
        try expectExactReadState(store, "indexed after changes")
        try expectSearchesAgree(store, "indexed after changes")
    }

    @Test func retentionKeepsTheReadStateExact() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var options = Self.options
        options.retention = RetentionPolicy(maxPerApp: 20, maxAge: nil)
        let store = try fixture.open(options)
        // As rows arrive (the app's oldest go in the inserting transaction) …
        _ = try SearchShapeTests.add(0..<60, to: store)
        try store.updateSearchIndex()
        for n in 60..<150 { _ = try store.insertDelivered(SearchShapeTests.record(n).0) }
        try store.updateSearchIndex()
        try expectExactReadState(store, "retention on arrival")
        try expectSearchesAgree(store, "retention on arrival")
        // … and in a pass.
        var pass = Self.options
        pass.retention = RetentionPolicy(maxPerApp: 5, maxAge: nil)
        let strict = try fixture.open(pass)
        #expect(try strict.applyRetention(now: Date()).deletedNotifications > 0)
        try expectExactReadState(strict, "retention pass")
        try expectSearchesAgree(strict, "retention pass")
    }

    /// The unread rows of one app are a range of its index: no row is read.
    @Test func anAppsUnreadRowsComeFromItsIndexAlone() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(Self.options)
        let plan = try store.lockedRead {
            try store.connection.query("""
                EXPLAIN QUERY PLAN SELECT id FROM delivered INDEXED BY delivered_app
                WHERE bundle_id = 'com.example.mail' AND id > 0 AND id <= 100 AND is_read = 0 ORDER BY id
                """) { $0.text(3) }
        }
        #expect(plan.contains { $0.contains("COVERING INDEX delivered_app") }, "plan: \(plan)")
    }
}
