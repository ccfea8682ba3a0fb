import CSQLite
import Foundation

/// Brings a database file to `Schema.currentVersion`, one step at a time, in one write
/// transaction (so a second Herald opening the same file waits and then finds it done).
///
/// Refuses — never resets — files it cannot own: a newer schema, another program's database.
package enum Migrations {
    /// Migrates `connection` and returns the version the file was at.
    @discardableResult
    package static func migrate(_ connection: SQLiteConnection) throws -> Int {
        // Cheap check first, outside a write transaction: read-only commands must not take the
        // write lock on an up-to-date file.
        let initial = try version(of: connection)
        try checkOwnership(connection, version: initial)
        if initial == Schema.currentVersion { return initial }

        // Schema version 6 edits a table's SQL in place; the library may forbid that by default.
        let defensive = herald_sqlite3_set_defensive(connection.handle, 0)
        defer { herald_sqlite3_set_defensive(connection.handle, defensive) }
        return try connection.transaction(write: true) {
            let found = try version(of: connection)   // another process may have migrated meanwhile
            try checkOwnership(connection, version: found)
            for next in (found + 1)..<(Schema.currentVersion + 1) {
                try connection.executeScript(Schema.steps[next - 1])
            }
            try connection.executeScript("""
                PRAGMA application_id = \(Schema.applicationID);
                PRAGMA user_version = \(Schema.currentVersion);
                """)
            return found
        }
    }

    static func version(of connection: SQLiteConnection) throws -> Int {
        Int(try connection.integer("PRAGMA user_version") ?? 0)
    }

    private static func checkOwnership(_ connection: SQLiteConnection, version: Int) throws {
        if version > Schema.currentVersion {
            throw StoreError.newerSchema(path: connection.path, found: version, supported: Schema.currentVersion)
        }
        let applicationID = try connection.integer("PRAGMA application_id") ?? 0
        if applicationID != 0 && applicationID != Int64(Schema.applicationID) {
            throw StoreError.foreignDatabase(path: connection.path)
        }
        if version == 0 {
            let tables = try connection.integer("SELECT count(*) FROM sqlite_master") ?? 0
            if tables > 0 { throw StoreError.foreignDatabase(path: connection.path) }
        }
    }
}
