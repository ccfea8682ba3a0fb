import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// `unreadCounts()` reads counters (schema version 3) that cover the rows the search indexer has
/// reached, plus a count of the rows past it (version 6): they must always equal a count over
/// the rows, through inserts, read/unread changes, deletions, indexing and migrations.
@Suite struct UnreadCountTests {
    static func counted(_ store: SQLiteStore) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        _ = try store.connection.query("SELECT bundle_id, count(*) FROM delivered WHERE is_read = 0 GROUP BY bundle_id") {
            counts[$0.text(0)] = $0.int(1)
        }
        return counts
    }

    static func record(_ n: Int, app: String, isRead: Bool = false) -> DeliveredRecord {
        DeliveredRecord(bundleIdentifier: app, request: RequestRecord(identifier: "r\(n)", content: ContentRecord(title: "t\(n)")),
                        date: Date(timeIntervalSince1970: 1_750_000_000 + Double(n)), presentation: [.list], isRead: isRead)
    }

    @Test func countersFollowEveryChange() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        var stored: [DeliveredRecord] = []
        for n in 0..<60 { stored.append(try store.insertDelivered(Self.record(n, app: "app\(n % 3)", isRead: n % 5 == 0))) }
        #expect(try store.unreadCounts() == Self.counted(store))
        for i in stride(from: 0, to: 60, by: 4) {
            stored[i].isRead.toggle()
            try store.updateDelivered(stored[i])
        }
        #expect(try store.unreadCounts() == Self.counted(store))
        try store.deleteDelivered(ids: stride(from: 1, to: 60, by: 7).map { stored[$0].deliveryID })
        #expect(try store.unreadCounts() == Self.counted(store))
        try store.deleteAllDelivered(bundleIdentifier: "app1")
        #expect(try store.unreadCounts() == Self.counted(store))
        #expect(try store.unreadCounts()["app1"] == nil)
        #expect(throws: StoreError.self) {
            try store.batch {
                _ = try store.insertDelivered(Self.record(100, app: "app0"))
                throw StoreError.busy(path: "", timeout: 0)
            }
        }
        #expect(try store.unreadCounts() == Self.counted(store))
        try store.deleteAllDelivered(bundleIdentifier: nil)
        #expect(try store.unreadCounts().isEmpty)
    }

    /// The counters in the table alone: what the indexer has counted.
    static func counters(_ store: SQLiteStore) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        _ = try store.connection.query("SELECT bundle_id, count FROM unread_counts WHERE count != 0") { counts[$0.text(0)] = $0.int(1) }
        return counts
    }

    /// A file at `version` as that version's DDL left it, with three rows ("a": one unread, one
    /// read; "b": one unread), then `more` run on it.
    static func oldFile(_ fixture: StoreFixture, version: Int, _ more: String = "") throws -> SQLiteConnection {
        try fixture.home.create()
        let connection = try SQLiteConnection(path: fixture.home.databaseURL.path, access: .readWriteCreate, busyTimeout: 1)
        try connection.executeScript("PRAGMA journal_mode = WAL")
        for step in Schema.steps.prefix(version) { try connection.executeScript(step) }
        try connection.executeScript("""
            PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(version);
            INSERT INTO delivered (bundle_id, identifier, date, presentation, is_read, title, subtitle, body, record)
            VALUES ('a', 'x', 0, 1, 0, '', '', '', '{}'), ('a', 'y', 0, 1, 1, '', '', '', '{}'),
                   ('b', 'z', 0, 1, 0, '', '', '', '{}');
            \(more)
            """)
        return connection
    }

    /// Rows read, unread or deleted before and after the indexer counted them.
    @Test func countersMeetTheIndexer() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        var stored: [DeliveredRecord] = []
        for n in 0..<30 { stored.append(try store.insertDelivered(Self.record(n, app: "app\(n % 3)", isRead: n % 4 == 0))) }
        #expect(try Self.counters(store).isEmpty)   // nothing indexed yet: all of it is past the mark
        for i in stride(from: 0, to: 30, by: 5) {
            stored[i].isRead.toggle()
            try store.updateDelivered(stored[i])
        }
        try store.deleteDelivered(ids: [stored[1].deliveryID, stored[2].deliveryID])
        #expect(try store.unreadCounts() == Self.counted(store))
        try store.updateSearchIndex()
        #expect(try Self.counters(store) == Self.counted(store))
        for i in stride(from: 3, to: 30, by: 6) {
            stored[i].isRead.toggle()
            try store.updateDelivered(stored[i])
        }
        try store.deleteDelivered(ids: [stored[7].deliveryID, stored[8].deliveryID])
        for n in 30..<40 { stored.append(try store.insertDelivered(Self.record(n, app: "app\(n % 4)"))) }
        stored[35].isRead = true
        try store.updateDelivered(stored[35])
        #expect(try store.unreadCounts() == Self.counted(store))
        try store.updateSearchIndex()
        #expect(try Self.counters(store) == Self.counted(store))
        #expect(try store.unreadCounts() == Self.counted(store))
    }

    /// A version 5 file's counters counted every row (a trigger per insert); version 6 counts the
    /// rows the indexer has reached, so the migration takes the rest out.
    @Test func aVersion5FileWithRowsPastTheIndexMigrates() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let connection = try Self.oldFile(fixture, version: 5, """
            UPDATE search_index SET indexed_through = 2;
            INSERT INTO delivered (bundle_id, identifier, date, presentation, is_read, title, subtitle, body, record)
            VALUES ('a', 'w', 0, 1, 0, '', '', '', '{}');
            """)
        #expect(try connection.integer("SELECT sum(count) FROM unread_counts") == 3)
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal, applyRetentionOnOpen: false))
        #expect(try store.unreadCounts() == ["a": 2, "b": 1])
        try store.updateSearchIndex()
        #expect(try Self.counters(store) == ["a": 2, "b": 1])
    }

    @Test func aVersion2FileGetsItsCountersWhenMigrated() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try Self.oldFile(fixture, version: 2)
        let store = try fixture.open()
        #expect(try store.unreadCounts() == ["a": 1, "b": 1])
    }
}
