import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// History around damage: a search over a damaged page serves the readable matches, and a file
/// cut to half its size is opened to read what is left — readable rows as they are, each run of
/// rows that cannot be read as one placeholder naming it.
@Suite struct DamagedHistoryTests {
    /// What `filledFile` made.
    struct FilledFile {
        var path: String
        var pageSize: Int
        var pages: Int
        /// The pages of the `delivered` table's rows.
        var leaves: [Int]
    }

    /// A store of `count` notifications ("Note 1" … ), checkpointed into the database file and
    /// closed.
    private static func filledFile(_ fixture: StoreFixture, count: Int) throws -> FilledFile {
        let store = try fixture.open()
        try store.batch {
            for n in 1...count {
                _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "n\(n)", title: "Note \(n)",
                                                                       body: "lunch with Alice, take \(n)"))
            }
        }
        try store.catchUpSearchIndex()
        store.waitForSearchIndexer()   // nothing writes to the file once it is damaged
        try store.connection.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
        let leaves = try store.connection.query(
            "SELECT pageno FROM dbstat WHERE name = 'delivered' AND pagetype = 'leaf' ORDER BY pageno") { $0.int(0) }
        return FilledFile(path: store.databaseURL.path, pageSize: Int(try store.connection.integer("PRAGMA page_size") ?? 0),
                          pages: Int(try store.connection.integer("PRAGMA page_count") ?? 0), leaves: leaves)
    }

    /// Random bytes over the whole of page `number` (1-based).
    private static func overwrite(page number: Int, of file: FilledFile) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: file.path))
        var random = SeededGenerator(seed: UInt64(number))
        try handle.seek(toOffset: UInt64((number - 1) * file.pageSize))
        try handle.write(contentsOf: Data((0..<file.pageSize).map { _ in UInt8.random(in: 0...255, using: &random) }))
        try handle.close()
    }

    @Test func aSearchOverADamagedPageServesTheReadableMatches() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let file = try Self.filledFile(fixture, count: 2_000)
        // A page of `delivered` rows in the middle of the table (not of the search index).
        try Self.overwrite(page: file.leaves[file.leaves.count / 2], of: file)
        let store = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))

        let page = try store.history(HistoryQuery(search: "lunch alice", limit: 2_000))
        let unreadable = page.filter(UnreadableDelivery.isPlaceholder).count
        #expect(page.count == 2_000)
        #expect(unreadable > 0 && unreadable < 100, "\(unreadable) of 2,000 said to be unreadable")
        // A page past the damage, of one app.
        let deep = try store.history(HistoryQuery(bundleIdentifier: "com.example.calendar", search: "lunch",
                                                  limit: 10, offset: 1_990))
        #expect(deep.map(\.deliveryID) == Array((1...10).reversed()), "\(deep.map(\.deliveryID))")
    }

    @Test func aFileCutToHalfIsReadAsFarAsItGoes() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let file = try Self.filledFile(fixture, count: 2_000)
        let handle = try #require(FileHandle(forUpdatingAtPath: file.path))
        try handle.truncate(atOffset: UInt64(file.pages / 2 * file.pageSize))
        try handle.close()

        #expect(throws: (any Error).self) { _ = try fixture.open(SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false)) }
        var salvage = SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false)
        salvage.salvage = true
        let store = try fixture.open(salvage)
        let first = try store.history(HistoryQuery(limit: 20))
        let run = try #require(first.first)
        #expect(UnreadableDelivery.isPlaceholder(run))
        #expect(run.request.content.body.contains("History rows "), "\(run.request.content.body)")
        let readable = first.dropFirst()
        #expect(readable.count == 19)
        #expect(readable.allSatisfy { !UnreadableDelivery.isPlaceholder($0) && $0.content.title == "Note \($0.deliveryID)" },
                "\(readable.map(\.content.title))")
        // The oldest rows, further down.
        let older = try store.history(HistoryQuery(limit: 5, offset: 500))
        #expect(older.count == 5 && older.allSatisfy { !UnreadableDelivery.isPlaceholder($0) }, "\(older.map(\.deliveryID))")
    }
}
