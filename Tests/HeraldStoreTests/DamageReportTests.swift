import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Damage is reported (a quick check names the damaged tables) and one
/// unreadable row does not fail a page of history.
@Suite struct DamageReportTests {
    private func fill(_ store: SQLiteStore, count: Int, body: String = "body") throws {
        try store.batch {
            for n in 1...count {
                _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "n\(n)", title: "Note \(n)", body: body))
            }
        }
    }

    @Test func anUndecodableRecordIsAPlaceholderInItsPage() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try fill(store, count: 5)
        try store.connection.execute("UPDATE delivered SET record = '{\"request\": 7' WHERE id = 3")
        let page = try store.history(HistoryQuery(limit: 10))
        #expect(page.map(\.deliveryID) == [5, 4, 3, 2, 1])
        let damaged = try #require(page.first { $0.deliveryID == 3 })
        #expect(UnreadableDelivery.isPlaceholder(damaged))
        #expect(damaged.request.content.title == "Note 3")   // what could be read of the row
        #expect(damaged.request.content.body.contains("History row 3 is damaged"))
        #expect(page.filter { !UnreadableDelivery.isPlaceholder($0) }.count == 4)
    }

    @Test func aQuickCheckNamesTheDamagedTableAndHistoryStillAnswers() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path: String
        let pageSize: Int
        let pages: Int
        do {
            let store = try fixture.open()
            try fill(store, count: 400, body: String(repeating: "long body text ", count: 40))
            #expect(try store.quickCheck().isIntact)
            store.waitForSearchIndexer()   // nothing writes to the file once it is damaged
            try store.connection.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
            path = store.databaseURL.path
            pageSize = Int(try #require(try store.connection.integer("PRAGMA page_size")))
            pages = Int(try #require(try store.connection.integer("PRAGMA page_count")))
        }
        // Garbage over the header of a page in the middle of the file (delivered rows, mostly).
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64((pages / 2) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xEE, count: 64))
        try handle.close()

        let store = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
        let report = try store.quickCheck()
        #expect(!report.isIntact)
        #expect(!report.damagedTables.isEmpty, "\(report.problems)")
        #expect("\(report)".contains("is damaged"))
        let page = try store.history(HistoryQuery(limit: 1000))
        #expect(page.count > 300, "the readable rows are still served (\(page.count))")
    }
}
