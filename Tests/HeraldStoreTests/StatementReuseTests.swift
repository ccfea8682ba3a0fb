import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// A connection reuses one prepared statement per SQL text and keeps the previous run's bindings
/// when every parameter is bound again: no run may see a value of the run before it.
@Suite struct StatementReuseTests {
    /// A connection on a fresh file with a table of one required and two optional columns.
    private func connection(_ directory: TemporaryDirectory) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: directory.path + "/reuse.sqlite", access: .readWriteCreate,
                                              busyTimeout: 1)
        try connection.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, size REAL)")
        return connection
    }

    private func row(_ connection: SQLiteConnection, _ id: Int64) throws -> (name: String, note: String?, size: Double?)? {
        try connection.queryFirst("SELECT name, note, size FROM t WHERE id = ?1", [.integer(id)]) { row in
            (row.text(0), row.optionalText(1), row.isNull(2) ? nil : row.double(2))
        }
    }

    @Test func aParameterLeftUnboundIsNullNotThePreviousRowsValue() throws {
        let directory = try TemporaryDirectory("statement-reuse")
        defer { directory.remove() }
        let connection = try connection(directory)
        let insert = "INSERT INTO t (id, name, note, size) VALUES (?1, ?2, ?3, ?4)"
        try connection.execute(insert, [.integer(1), .text("first"), .text("a note"), .real(2.5)])
        // Fewer values than parameters: ?3 and ?4 are NULL, not "a note" and 2.5.
        try connection.execute(insert, [.integer(2), .text("second")])
        let second = try #require(try row(connection, 2))
        #expect(second.name == "second")
        #expect(second.note == nil)
        #expect(second.size == nil)
        #expect(try row(connection, 1)?.note == "a note")
    }

    @Test func nullValuesStayNullAndEmptyTextStaysText() throws {
        let directory = try TemporaryDirectory("statement-reuse")
        defer { directory.remove() }
        let connection = try connection(directory)
        let insert = "INSERT INTO t (id, name, note, size) VALUES (?1, ?2, ?3, ?4)"
        try connection.execute(insert, [.integer(1), .text("full"), .text("kept"), .real(1)])
        try connection.execute(insert, [.integer(2), .text(""), .null, .null])
        try connection.execute(insert, [.integer(3), .text("é ✓ \u{0}inside"), .text(""), .real(0)])
        let second = try #require(try row(connection, 2))
        #expect(second.name == "")
        #expect(second.note == nil)
        #expect(second.size == nil)
        #expect(try connection.integer("SELECT typeof(name) = 'text' AND typeof(note) = 'null' FROM t WHERE id = 2") == 1)
        let third = try #require(try row(connection, 3))
        #expect(third.name == "é ✓ \u{0}inside")
        #expect(third.note == "")
        #expect(third.size == 0)
    }

    @Test func differentSQLTextNeverReusesAnotherStatement() throws {
        let directory = try TemporaryDirectory("statement-reuse")
        defer { directory.remove() }
        let connection = try connection(directory)
        try connection.execute("INSERT INTO t (id, name) VALUES (?1, ?2)", [.integer(1), .text("one")])
        try connection.execute("INSERT INTO t (id, name) VALUES (?1, ?2)", [.integer(2), .text("two")])
        // The same text built at run time (another string's storage) finds the same statement.
        let built = ["INSERT INTO t (id, name)", "VALUES (?1, ?2)"].joined(separator: " ")
        #expect(try connection.statement(built) === connection.statement("INSERT INTO t (id, name) VALUES (?1, ?2)"))
        try connection.execute(built, [.integer(3), .text("three")])
        // Texts that differ only late, in turns: each runs its own statement.
        let names = "SELECT group_concat(name, ',') FROM (SELECT name FROM t ORDER BY id)"
        let count = "SELECT count(*) FROM (SELECT name FROM t ORDER BY id)"
        for _ in 0..<3 {
            #expect(try connection.queryFirst(names) { $0.text(0) } == "one,two,three")
            #expect(try connection.integer(count) == 3)
        }
        #expect(try connection.statement(names) !== connection.statement(count))
    }

    @Test func sqliteKeepsNoMemoryStatistics() throws {
        let directory = try TemporaryDirectory("statement-reuse")
        defer { directory.remove() }
        let connection = try connection(directory)
        try connection.execute("INSERT INTO t (id, name, note) VALUES (?1, ?2, ?3)",
                               [.integer(1), .text(String(repeating: "x", count: 10_000)), .text("note")])
        #expect(!SQLiteConnection.keepsMemoryStatistics)
    }

    @Test func deliveriesInsertedInARowKeepEachTheirOwnColumns() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let full = RecordFixtures.delivered(app: "com.example.one", identifier: "full", title: "A title",
                                            subtitle: "A subtitle", body: "A body")
        let empty = RecordFixtures.delivered(app: "com.example.two", identifier: "empty", title: "", subtitle: "",
                                             body: "")
        var read = RecordFixtures.delivered(identifier: "read")
        read.isRead = true
        read.isRemovedFromList = true
        let stored = try store.batch { try [full, empty, read, full].map { try store.insertDelivered($0) } }
        for (record, inserted) in zip([full, empty, read, full], stored) {
            var expected = record
            expected.deliveryID = inserted.deliveryID
            #expect(inserted == expected)
            #expect(try store.delivered(id: inserted.deliveryID) == expected)
        }
        // The empty texts are stored as empty text, not NULL (the columns are NOT NULL, and the
        // search index reads them).
        let nulls = try store.connection.integer("""
            SELECT count(*) FROM delivered WHERE title IS NULL OR subtitle IS NULL OR body IS NULL OR record IS NULL
            """)
        #expect(nulls == 0)
        #expect(try store.history(HistoryQuery(search: "subtitle", limit: 10)).map(\.deliveryID)
            == [stored[3].deliveryID, stored[0].deliveryID])
    }
}
