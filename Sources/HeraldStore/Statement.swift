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
    /// The largest parameter index in `sql` (`?n`).
    let parameterCount: Int
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
        parameterCount = Int(sqlite3_bind_parameter_count(statement))
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears the previous run and binds `values` to `?1…?n`. A parameter past `values` is NULL:
    /// the previous run's bindings are cleared only when some parameter is left unbound (binding
    /// every parameter replaces them all, and clearing would free SQLite's copies for nothing).
    func reset(binding values: [SQLValue]) throws {
        sqlite3_reset(handle)
        if values.count < parameterCount { sqlite3_clear_bindings(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: try check(sqlite3_bind_null(handle, index))
            case .integer(let value): try bind(index, value)
            case .real(let value): try bind(index, value)
            case .text(let value): try bind(index, value)
            case .blob(let value):
                try check(value.withUnsafeBytes { bytes in
                    // A zero-length blob still binds as a blob (not NULL) with a non-nil pointer.
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                        sqlite3_uint64(bytes.count), sqliteTransient)
                })
            }
        }
    }

    /// Ends the previous run and keeps its bindings: for a caller that binds every parameter
    /// itself (`bind`), each replacing the previous run's value.
    func resetKeepingBindings() {
        sqlite3_reset(handle)
    }

    /// Binds an integer to `?index`.
    func bind(_ index: Int32, _ value: Int64) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a double to `?index`.
    func bind(_ index: Int32, _ value: Double) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text to `?index`, from the string's own UTF-8 (no C string made, no `strlen`);
    /// SQLite copies the bytes. An empty string binds as empty text, never NULL.
    func bind(_ index: Int32, _ value: String) throws {
        var value = value
        let code = value.withUTF8 { bytes in
            // A nil pointer would bind NULL: an empty string binds a literal's empty C string.
            let start = UnsafeRawPointer(bytes.baseAddress ?? ("" as StaticString).utf8Start)
            return sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                                     sqliteTransient)
        }
        try check(code)
    }

    /// Binds UTF-8 bytes as text to `?index` (SQLite copies them); empty bytes bind empty text.
    func bind(_ index: Int32, utf8 bytes: [UInt8]) throws {
        let code = bytes.withUnsafeBufferPointer { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress ?? ("" as StaticString).utf8Start)
            return sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                                     sqliteTransient)
        }
        try check(code)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw connection.error(code, context: "binding \(sql)") }
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
