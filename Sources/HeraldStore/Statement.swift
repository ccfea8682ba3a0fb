import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`, which does not import into Swift: SQLite copies the bound bytes at once.
/// Spelled here and nowhere else.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. Connections cache them by SQL text; `reset` readies one for reuse.
///
/// Not thread-safe on its own: it belongs to one `SQLiteConnection`, which is guarded by the
/// store's lock.
package final class Statement {
    let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw connection.error(code, context: "preparing \(sql)")
        }
        self.handle = statement
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears the previous run and binds `values` to `?1…?n`.
    func reset(binding values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
            case .real(let value): code = sqlite3_bind_double(handle, index, value)
            case .text(let value): code = sqlite3_bind_text(handle, index, value, -1, sqliteTransient)
            case .blob(let value):
                code = value.withUnsafeBytes { bytes in
                    // A zero-length blob still binds as a blob (not NULL) with a non-nil pointer.
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                        sqlite3_uint64(bytes.count), sqliteTransient)
                }
            }
            guard code == SQLITE_OK else { throw connection.error(code, context: "binding \(sql)") }
        }
    }

    /// Advances to the next row; `false` when the statement is done.
    package func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw connection.error(code, context: sql)
        }
    }

    // MARK: Columns of the current row

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes (text or blob) without a String round trip: what JSON decoding wants.
    func data(_ column: Int32) -> Data {
        // SQLite's rule: ask for the pointer first, then the length.
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// The column's bytes as an array (a smaller thing to keep than `Data`).
    func bytes(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    func optionalData(_ column: Int32) -> Data? { isNull(column) ? nil : data(column) }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}
