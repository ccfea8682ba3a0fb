import Foundation
@testable import HeraldStore
import Testing
import TestSupport

/// A connection's statements are found by the address of their text first: every way of
/// spelling the same text finds the one statement, and different texts never find each other's.
@Suite struct StatementCacheTests {
    private static func connection() throws -> (SQLiteConnection, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: directory.path + "/cache.sqlite", access: .readWriteCreate,
                                              busyTimeout: 1)
        try connection.executeScript("CREATE TABLE t (a INTEGER, b TEXT)")
        return (connection, directory)
    }

    @Test func theSameTextFoundAnyWayIsOneStatement() throws {
        let (connection, directory) = try Self.connection()
        defer { directory.remove() }
        let literal = try connection.statement("SELECT a FROM t WHERE a = ?1 AND b = ?2")
        #expect(try connection.statement("SELECT a FROM t WHERE a = ?1 AND b = ?2") === literal)
        // The same text made afresh at another address, twice.
        for _ in 0..<2 {
            let made = "SELECT a FROM t WHERE a = ?\(1) AND b = ?\(2)"
            #expect(try connection.statement(made) === literal)
        }
        // A short text (kept inside the string, no address of its own).
        let short = try connection.statement("SELECT 1")
        #expect(try connection.statement(String("SELECT 1".reversed().reversed())) === short)
        #expect(try connection.statement("SELECT 2") !== short)
    }

    @Test func differentTextsNeverShareAStatement() throws {
        let (connection, directory) = try Self.connection()
        defer { directory.remove() }
        // Texts made afresh (heap addresses reused as they come and go) and literals, many more
        // than the cache has slots: each finds its own statement and runs its own SQL.
        for round in 0..<3 {
            for n in 0..<300 {
                let sql = "SELECT \(n) AS value_of_a_long_enough_column_name"
                let statement = try connection.statement(sql)
                #expect(statement.sql == sql, "round \(round)")
                statement.resetKeepingBindings()
                #expect(try statement.step())
                #expect(statement.int64(0) == Int64(n))
                statement.resetKeepingBindings()
            }
        }
        let insert = try connection.statement("INSERT INTO t (a, b) VALUES (?1, ?2)")
        #expect(try connection.statement("INSERT INTO t (a, b) VALUES (?1, ?2)") === insert)
        #expect(try connection.statement("INSERT INTO t (b, a) VALUES (?1, ?2)") !== insert)
    }
}
