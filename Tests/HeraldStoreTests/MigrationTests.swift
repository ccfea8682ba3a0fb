import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct MigrationTests {
    /// Writes a file at `version` using that version's DDL only (what an older Herald left behind).
    private func makeDatabase(at path: String, version: Int, setup: (SQLiteConnection) throws -> Void = { _ in }) throws {
        let connection = try SQLiteConnection(path: path, access: .readWriteCreate, busyTimeout: 1)
        try connection.executeScript("PRAGMA journal_mode = WAL")
        for step in Schema.steps.prefix(version) { try connection.executeScript(step) }
        try connection.executeScript("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(version)")
        try setup(connection)
    }

    /// A delivery as every schema so far stored it (the columns of version 1, the record as JSON).
    private func insertOldRow(_ record: DeliveredRecord, into connection: SQLiteConnection) throws {
        let payload = DeliveredPayload(request: record.request, date: record.date, presentation: record.presentation)
        try connection.execute("""
            INSERT INTO delivered (bundle_id, identifier, date, presentation, title, subtitle, body, record)
            VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6, ?7)
            """, [.text(record.bundleIdentifier), .text(record.identifier), record.date.sqlColumn,
                  .text(record.content.title), .text(record.content.subtitle), .text(record.content.body),
                  .text(try RecordCoding(path: "test").encode(payload))])
    }

    @Test func aNewDatabaseIsAtTheCurrentVersion() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        #expect(try store.connection.integer("PRAGMA application_id") == Int64(Schema.applicationID))
        #expect(try store.connection.queryFirst("PRAGMA journal_mode") { $0.text(0) } == "wal")
    }

    @Test func version1WithHistoryMigratesAndBecomesSearchable() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        let coding = RecordCoding(path: "test")
        let record = RecordFixtures.delivered(title: "Dentist appointment", body: "Bring the card")
        try makeDatabase(at: fixture.home.databaseURL.path, version: 1) { connection in
            // Rows as Herald 1 wrote them: an app, a pending request, a delivery.
            let app = RecordFixtures.app()
            var bare = app
            bare.categories = []
            try connection.execute("""
                INSERT INTO apps (bundle_id, display_name, authorization_status, authorized_options, badge, device_token, record)
                VALUES (?1, ?2, 2, 0, 7, NULL, ?3)
                """, [.text(app.bundleIdentifier), .text(app.displayName), .text(try coding.encode(bare))])
            try insertOldRow(record, into: connection)
            #expect(try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'delivered_fts'") == 0)
        }

        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        #expect(try store.loadApps().map(\.badge) == [7])
        #expect(try store.history(HistoryQuery(search: "dent")).map(\.content.title) == ["Dentist appointment"])
        // The triggers keep new rows searchable too.
        _ = try store.insertDelivered(RecordFixtures.delivered(title: "Dentist moved"))
        #expect(try store.historyCount(HistoryQuery(search: "dentist")) == 2)
    }

    @Test func version4WithHistoryKeepsReplacingByIdentifierAndMergesInSteps() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        let old = RecordFixtures.delivered(app: "com.example.build", identifier: "status", title: "Build running")
        try makeDatabase(at: fixture.home.databaseURL.path, version: 4) { connection in
            // A row as Herald with schema 4 wrote it (indexed for search, too).
            try insertOldRow(old, into: connection)
            try connection.execute("INSERT INTO delivered_fts (delivered_fts) VALUES ('rebuild')")
            try connection.execute("UPDATE search_index SET indexed_through = (SELECT max(id) FROM delivered)")
        }

        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        // The lookup Apple's replacement rule makes finds the old row through the new index …
        let found = try store.deliveredInList(bundleIdentifier: "com.example.build", identifiers: ["status"])
        #expect(found.map(\.content.title) == ["Build running"])
        #expect(try store.deliveredInList(bundleIdentifier: "com.example.other", identifiers: ["status"]).isEmpty)
        let plan = try store.connection.query("""
            EXPLAIN QUERY PLAN SELECT id FROM delivered
            WHERE +bundle_id = 'com.example.build' AND is_removed = 0 AND identifier = 'status'
            """) { $0.text(3) }
        #expect(plan.contains { $0.contains("delivered_in_list_by_identifier") }, "plan: \(plan)")
        // … FTS5 no longer merges on its own, and the old row is still found.
        #expect(try store.connection.integer("SELECT v FROM delivered_fts_config WHERE k = 'automerge'") == 0)
        #expect(try store.history(HistoryQuery(search: "build runn")).map(\.content.title) == ["Build running"])
    }

    /// Version 6: the rows of a version 5 file read as before (full records) next to new compact
    /// ones; `delivered.id` is a plain rowid now, and ids are still never reused — not those
    /// AUTOINCREMENT gave out before the migration, not those deleted from the top after it.
    @Test func version5WithHistoryMigratesWithoutReusingIds() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        let kept = RecordFixtures.delivered(app: "com.example.build", identifier: "kept", title: "Build passed")
        try makeDatabase(at: fixture.home.databaseURL.path, version: 5) { connection in
            for n in 0..<5 {
                try insertOldRow(RecordFixtures.delivered(app: "com.example.build", identifier: "old\(n)"), into: connection)
            }
            try insertOldRow(kept, into: connection)
            for n in 5..<8 {
                try insertOldRow(RecordFixtures.delivered(app: "com.example.build", identifier: "old\(n)"), into: connection)
            }
            // The newest three deleted: AUTOINCREMENT had given out 9 ids, the table holds 6.
            try connection.execute("DELETE FROM delivered WHERE id > 6")
        }
        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        #expect(try store.connection.queryFirst("PRAGMA integrity_check") { $0.text(0) } == "ok")
        let sql = try store.connection.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'delivered'") { $0.text(0) }
        #expect(sql?.contains("AUTOINCREMENT") == false)
        #expect(try store.connection.integer("SELECT count(*) FROM sqlite_sequence WHERE name = 'delivered'") == 0)

        var old = try #require(try store.history(HistoryQuery(bundleIdentifier: "com.example.build", limit: 1)).first)
        var expected = kept
        expected.deliveryID = 6
        #expect(old == expected)
        let first = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.build", identifier: "new1"))
        #expect(first.deliveryID == 10)
        try store.deleteDelivered(ids: [first.deliveryID])
        let second = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.build", identifier: "new2"))
        #expect(second.deliveryID == 11)
        try store.deleteDelivered(ids: [second.deliveryID])
        let reopened = try fixture.open()
        let third = try reopened.insertDelivered(RecordFixtures.delivered(app: "com.example.build", identifier: "new3"))
        #expect(third.deliveryID == 12)
        #expect(try reopened.delivered(id: third.deliveryID)?.identifier == "new3")
        old.isRead = true
        try reopened.updateDelivered(old)
        #expect(try reopened.delivered(id: old.deliveryID)?.isRead == true)
    }

    /// A file of schema `version` holding six rows over two apps (ids 1–6, `readIDs` read), of
    /// which four were indexed and counted as Herald at that version did, the last two not yet.
    private func makeHalfIndexedHistory(at path: String, version: Int, readIDs: [Int64],
                                        unread: [String: Int]) throws {
        try makeDatabase(at: path, version: version) { connection in
            for n in 0..<6 {
                let app = n % 2 == 0 ? "com.example.build" : "com.example.mail"
                try insertOldRow(RecordFixtures.delivered(app: app, identifier: "old\(n)", title: "Build \(n)",
                                                          body: "apple pie"), into: connection)
            }
            let read = readIDs.map(String.init).joined(separator: ", ")
            try connection.execute("UPDATE delivered SET is_read = 1 WHERE id IN (\(read))")
            try connection.execute("INSERT INTO delivered_fts (rowid, title, subtitle, body, app_token) "
                                   + "SELECT id, title, subtitle, body, app_token FROM delivered WHERE id <= 4")
            try connection.execute("UPDATE search_index SET indexed_through = 4")
            let counts = unread.sorted { $0.key < $1.key }.map { "('\($0.key)', \($0.value))" }.joined(separator: ", ")
            try connection.execute("INSERT INTO unread_counts (bundle_id, count) VALUES \(counts)")
        }
    }

    /// Version 7: the index of a version 6 file is rebuilt with one- and two-character prefixes
    /// and the new app tokens; rows the indexer had not reached yet are indexed and counted once.
    @Test func version6WithHistoryIsReindexedWithPrefixesAndNewAppTokens() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        try makeHalfIndexedHistory(at: fixture.home.databaseURL.path, version: 6, readIDs: [1],
                                   unread: ["com.example.build": 1, "com.example.mail": 2])
        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        #expect(try store.connection.queryFirst("PRAGMA integrity_check") { $0.text(0) } == "ok")
        try store.connection.execute("INSERT INTO delivered_fts (delivered_fts) VALUES ('integrity-check')")
        let sql = try store.connection.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'delivered_fts'") { $0.text(0) }
        #expect(sql?.contains("prefix = '1 2'") == true && sql?.contains("detail = none") == true)
        #expect(try store.connection.integer("SELECT v FROM delivered_fts_config WHERE k = 'automerge'") == 0)
        #expect(try store.connection.integer("SELECT indexed_through FROM search_index") == 6)
        #expect(try store.unreadCounts() == ["com.example.build": 2, "com.example.mail": 3])
        // Every row once, found by a one-letter prefix, in one app, and no app token among the terms of "app".
        #expect(try store.history(HistoryQuery(search: "b")).map(\.deliveryID) == [6, 5, 4, 3, 2, 1])
        #expect(try store.historyCount(HistoryQuery(search: "build")) == 6)
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.mail", search: "a")).map(\.deliveryID) == [6, 4, 2])
        #expect(try store.indexedTerms(startingWith: "app", limit: SQLiteStore.prefixTermLimit) == ["apple"])
        // New rows and deletions keep the index right.
        let new = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.mail", title: "Build new"))
        try store.deleteDelivered(ids: [2])
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.mail", search: "bu")).map(\.deliveryID)
            == [new.deliveryID, 6, 4])
    }

    /// Version 8: a version 7 file's app index covers the read state and `delivered_read_state`
    /// holds the indexed rows' read state; searches answer as before, read rows stay read, and
    /// unread-only searches follow later changes.
    @Test func version7WithHistoryKeepsItsReadStateForSearches() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        try makeHalfIndexedHistory(at: fixture.home.databaseURL.path, version: 7, readIDs: [1, 4],
                                   unread: ["com.example.build": 1, "com.example.mail": 1])
        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        #expect(try store.connection.queryFirst("PRAGMA integrity_check") { $0.text(0) } == "ok")
        let index = try store.connection.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'delivered_app'") { $0.text(0) }
        #expect(index?.contains("(bundle_id, id, is_read, date)") == true)
        // Opening indexed the last two rows: every row's read state, as it was.
        let readState = try store.connection.query("SELECT id, is_read FROM delivered_read_state ORDER BY id") {
            "\($0.int64(0)):\($0.int(1))"
        }
        #expect(readState == ["1:1", "2:0", "3:0", "4:1", "5:0", "6:0"])
        #expect(try (1...6).map { try store.delivered(id: $0)?.isRead } == [true, false, false, true, false, false])
        #expect(try store.unreadCounts() == ["com.example.build": 2, "com.example.mail": 2])
        #expect(try store.history(HistoryQuery(search: "b")).map(\.deliveryID) == [6, 5, 4, 3, 2, 1])
        #expect(try store.history(HistoryQuery(search: "b", unreadOnly: true)).map(\.deliveryID) == [6, 5, 3, 2])
        #expect(try store.history(HistoryQuery(search: "apple b", unreadOnly: true)).map(\.deliveryID) == [6, 5, 3, 2])
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.build", search: "a", unreadOnly: true))
            .map(\.deliveryID) == [5, 3])
        #expect(try store.historyCount(HistoryQuery(bundleIdentifier: "com.example.mail", search: "apple b", unreadOnly: true))
            == 2)
        // Read, and unread again, after the migration.
        var third = try #require(try store.delivered(id: 3))
        third.isRead = true
        try store.updateDelivered(third)
        var fourth = try #require(try store.delivered(id: 4))
        fourth.isRead = false
        try store.updateDelivered(fourth)
        #expect(try store.history(HistoryQuery(search: "apple pie", unreadOnly: true)).map(\.deliveryID) == [6, 5, 4, 2])
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.build", search: "a", unreadOnly: true))
            .map(\.deliveryID) == [5])
    }

    @Test(arguments: 0..<Schema.currentVersion)
    func everyEarlierVersionMigratesToTheCurrentOne(_ version: Int) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        if version > 0 { try makeDatabase(at: fixture.home.databaseURL.path, version: version) }
        let store = try fixture.open()
        #expect(try Migrations.version(of: store.connection) == Schema.currentVersion)
        let stored = try store.insertDelivered(RecordFixtures.delivered(title: "after migration"))
        #expect(try store.history(HistoryQuery(search: "migration")).map(\.deliveryID) == [stored.deliveryID])
        // Opening again is a no-op.
        #expect(try Migrations.migrate(fixture.open().connection) == Schema.currentVersion)
    }

    @Test func theMigratedSchemaEqualsAFreshOne() throws {
        let fresh = try StoreFixture()
        let migrated = try StoreFixture()
        defer { fresh.remove(); migrated.remove() }
        try migrated.home.create()
        try makeDatabase(at: migrated.home.databaseURL.path, version: 1)
        let schema: (SQLiteStore) throws -> [String] = { store in
            try store.connection.query("SELECT type || ' ' || name FROM sqlite_master ORDER BY name") { $0.text(0) }
        }
        #expect(try schema(fresh.open()) == schema(migrated.open()))
    }
}
