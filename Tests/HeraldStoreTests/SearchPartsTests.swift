import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// A search of several parts found from the parts' row sets (`SQLiteStore+SearchParts`) finds
/// and counts what FTS5's own query finds: every shape, filter and page, also once rows were
/// deleted, read and added after the sets were read.
@Suite struct SearchPartsTests {
    /// Every shape × {all, one app} × {all, unread} on four pages: the page from the sets, read
    /// a window at a time from windows of several sizes, against the page of the FTS5 query.
    static func compareEveryShape(_ store: SQLiteStore, rows: Int) throws -> Int {
        var compared = 0
        for text in SearchShapeTests.searches() {
            for app in [nil, SearchShapeTests.apps[1]] {
                for unreadOnly in [false, true] {
                    for offset in Set([0, 9, rows / 3, rows]).sorted() {
                        let query = HistoryQuery(bundleIdentifier: app, search: text, limit: 9, offset: offset,
                                                 unreadOnly: unreadOnly)
                        let plain = try store.lockedRead {
                            let (page, bounds) = try store.pageStatement(query)
                            return try store.connection.query("SELECT \(SQLiteStore.deliveredColumns) \(page)", bounds,
                                                              store.decodeDelivered)
                        }.map(\.deliveryID)
                        let label = "'\(text)' app \(app ?? "-") unread \(unreadOnly) offset \(offset)"
                        guard try store.locked({ try store.searchParts(text, bundleIdentifier: app) })?.count ?? 0 > 1 else {
                            // One part: FTS5 alone answers it.
                            #expect(try store.locked { try store.searchPageByParts(query) } == nil, "\(label)")
                            continue
                        }
                        // A few ids at a time (many windows), then with the sets kept.
                        for window: Int64 in [3, 40, SQLiteStore.searchFirstWindow] {
                            let fromSets = try store.locked { try store.searchPageByParts(query, firstWindow: window) }
                            #expect(fromSets?.map(\.deliveryID) == plain, "\(label), window \(window)")
                        }
                        #expect(try store.history(query).map(\.deliveryID) == plain, "\(label)")
                        if offset == 0 {
                            var all = query
                            all.limit = 100_000
                            let matches = try store.lockedRead {
                                let (every, everyBound) = try store.pageStatement(all)
                                return try store.connection.query("SELECT delivered.id \(every)", everyBound) { $0.int64(0) }
                            }
                            #expect(try store.historyCount(query) == matches.count, "count of \(label)")
                        }
                        compared += 1
                    }
                }
            }
        }
        return compared
    }

    @Test func pagesFromTheSetsAreTheIndexsPagesBeforeAndAfterChanges() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: .unlimited, applyRetentionOnOpen: false))
        let stored = try SearchShapeTests.add(0..<240, to: store)
        try store.updateSearchIndex()
        #expect(try Self.compareEveryShape(store, rows: 240) > 500)

        // The sets are kept now: rows deleted (the newest among them), read, and added after.
        try store.deleteDelivered(ids: stored.enumerated().filter { $0.offset % 5 == 2 || $0.offset >= 236 }.map(\.element.deliveryID))
        for var row in stored.enumerated().filter({ $0.offset % 3 == 1 }).map(\.element) where !row.isRead {
            row.isRead = true
            try store.updateDelivered(row)
        }
        _ = try SearchShapeTests.add(240..<320, to: store)
        try store.updateSearchIndex()
        #expect(try Self.compareEveryShape(store, rows: 320) > 500)
    }

    @Test func setsHoldTheirIdsAsListsOrBitmapsAndIntersectNewestFirst() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let range = Int64.random(in: 1...5_000, using: &generator)
            let sets = (0..<Int.random(in: 2...4, using: &generator)).map { _ in
                let share = [0.001, 0.02, 0.3, 0.9].randomElement(using: &generator) ?? 0.3
                let from = Int64.random(in: 0...range, using: &generator)   // a bitmap from anywhere
                return (from...range).filter { _ in Double.random(in: 0..<1, using: &generator) < share }
            }
            // Built whole, and in three steps (a window read, the rows indexed since, older rows).
            let low = Int64.random(in: 0...range, using: &generator)
            let high = Int64.random(in: low...range, using: &generator)
            let whole = sets.map { SearchRowSet(ascending: $0) }
            let grown = sets.map { ids in
                var rows = SearchRowSet(ascending: ids.filter { $0 > low && $0 <= high })
                rows.append(ascending: ids.filter { $0 > high })
                rows.append(ascending: ids.filter { $0 <= low })
                return rows
            }
            let above = Int64.random(in: -1...range, using: &generator)
            let through = Int64.random(in: 0...range, using: &generator)
            let expected = sets.dropFirst().reduce(Set(sets[0])) { $0.intersection($1) }
                .filter { $0 > above && $0 <= through }.sorted(by: >)
            for built in [whole, grown] {
                #expect(zip(built, sets).allSatisfy { rows, ids in rows.count == ids.count && ids.allSatisfy(rows.contains) })
                #expect(!built[0].contains(range + 1) && !built[0].contains(-1))
                var intersection = SearchRowSetIntersection(built, above: above, through: through)
                var found: [Int64] = []
                while let id = intersection.next() { found.append(id) }
                #expect(found == expected)
            }
        }
        // A bitmap spans its own ids only; a list is kept while it is the smaller.
        var dense = SearchRowSet(ascending: Array(1_000_000..<1_001_000))
        #expect(dense.bitmap?.base == 1_000_000 / 64 && dense.byteCount <= 17 * 8)
        dense.append(ascending: [640, 641])   // older rows, read later
        #expect(dense.contains(640) && dense.contains(1_000_999) && !dense.contains(642) && dense.count == 1_002)
        let sparse = SearchRowSet(ascending: [10, 900_000])
        #expect(sparse.sortedIDs == [10, 900_000] && sparse.byteCount == 16)
    }
}
