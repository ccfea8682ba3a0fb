import CSQLite
import Foundation

/// One SQLite connection: opening with Herald's pragmas, cached statements, nested transactions
/// (the outermost commits, inner ones are savepoints), and SQLite result codes turned into
/// `StoreError`s that name the file.
///
/// Not thread-safe on its own; `SQLiteStore` guards it with a lock.
package final class SQLiteConnection {
    /// How a connection opens its file.
    package enum Access: Sendable {
        /// Creates the file if needed.
        case readWriteCreate
        /// The file must exist.
        case readWrite
        /// The file must exist; writes fail with `StoreError.readOnly`.
        case readOnly
    }

    let handle: OpaquePointer
    let path: String
    let busyTimeout: TimeInterval
    private var statements = StatementCache()
    /// The statement `statement(_:)` gave out last: a run of one statement (the inserts of a
    /// batch) finds it by comparing the SQL text, equal at once when it is the same literal,
    /// instead of hashing the text for the dictionary.
    private var lastStatement: Statement?
    /// 0 outside a transaction; 1 inside `BEGIN`; more inside savepoints.
    private(set) var transactionDepth = 0
    /// Outermost transactions begun so far: what is known "for this transaction" is tagged with it.
    private(set) var transactionSerial = 0
    /// The serial of the last outermost transaction that committed.
    private(set) var committedSerial = 0
    /// Levels rolled back so far (outermost or savepoints, a failed commit included).
    private(set) var rollbacks = 0
    /// Work to do once the outermost transaction has committed (removing attachment files).
    private var afterCommit: [() -> Void] = []
    /// The writer's watch on its files: checked after each write transaction commits, its
    /// known loss refusing every later one before it begins (`StoreFileWatch`); `nil` on readers.
    var fileWatch: StoreFileWatch?

    /// SQLite's process-wide set-up, done once before the first connection opens: memory
    /// statistics off (nothing in Herald reads them, and keeping them locks a mutex at every
    /// allocation), then `sqlite3_initialize`.
    private static let library: Int32 = {
        _ = herald_sqlite3_config_memstatus(0)
        return sqlite3_initialize()
    }()

    /// Whether SQLite counts its memory in this process (`sqlite3_memory_used` stays 0 when it
    /// does not): off once a connection has opened.
    static var keepsMemoryStatistics: Bool { sqlite3_memory_used() > 0 }

    package init(path: String, access: Access, busyTimeout: TimeInterval) throws {
        _ = Self.library
        var flags: Int32 = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch access {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let db { sqlite3_close_v2(db) }
            throw Self.error(code: code, message: message, path: path, busyTimeout: busyTimeout)
        }
        self.handle = db
        self.path = path
        self.busyTimeout = busyTimeout
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(min(busyTimeout * 1000, Double(Int32.max))))
    }

    deinit {
        lastStatement = nil
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Running SQL

    /// Runs one or more statements that return no rows (DDL, pragmas that set).
    package func executeScript(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw Self.error(code: code, message: text, path: path, busyTimeout: busyTimeout)
        }
    }

    /// The cached prepared statement for `sql`, reset and bound to `values`.
    package func prepare(_ sql: String, _ values: [SQLValue] = []) throws -> Statement {
        let statement = try self.statement(sql)
        try statement.reset(binding: values)
        return statement
    }

    /// The cached prepared statement for `sql` (prepared on first use), as the last run left it:
    /// reset it before binding.
    func statement(_ sql: String) throws -> Statement {
        if let last = lastStatement, last.sql == sql { return last }
        let statement: Statement
        if let cached = statements.statement(for: sql) {
            statement = cached
        } else {
            statement = try Statement(connection: self, sql: sql)
            statements.insert(statement)
        }
        lastStatement = statement
        return statement
    }

    /// Runs a statement that returns no rows.
    package func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        let statement = try prepare(sql, values)
        while try statement.step() {}
    }

    /// Runs a query and maps every row.
    func query<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (Statement) throws -> T) throws -> [T] {
        let statement = try prepare(sql, values)
        defer { sqlite3_reset(statement.handle) }
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// The first row of a query, mapped, or `nil`.
    func queryFirst<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (Statement) throws -> T) throws -> T? {
        let statement = try prepare(sql, values)
        defer { sqlite3_reset(statement.handle) }
        return try statement.step() ? try row(statement) : nil
    }

    /// An integer from the first column of the first row (pragmas, counts).
    func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        try queryFirst(sql, values) { $0.isNull(0) ? nil : $0.int64(0) } ?? nil
    }

    /// Runs `body` with no busy wait: a lock another connection holds fails at once with
    /// `StoreError.busy` instead of after `busyTimeout`.
    func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Int32(min(busyTimeout * 1000, Double(Int32.max)))) }
        return try body()
    }

    /// Runs `body`; a statement still running at `deadline` is interrupted, and fails with
    /// `StoreError.timedOut`. (SQLite calls the progress handler every 10,000 steps.)
    func interrupting<T>(at deadline: Date, _ body: () throws -> T) throws -> T {
        let limit = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        let remaining = max(0, deadline.timeIntervalSinceNow)
        limit.pointee = DispatchTime.now().uptimeNanoseconds + UInt64(min(remaining, 1e6) * 1e9)
        sqlite3_progress_handler(handle, 10_000, { context in
            guard let context else { return 0 }
            let limit = context.assumingMemoryBound(to: UInt64.self).pointee
            return DispatchTime.now().uptimeNanoseconds > limit ? 1 : 0
        }, limit)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            limit.deallocate()
        }
        do {
            return try body()
        } catch let error as StoreError {
            if case .sqlite(_, let code, _) = error, code & 0xff == SQLITE_INTERRUPT {
                throw StoreError.timedOut(path: path, seconds: remaining)
            }
            throw error
        }
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes64(handle)) }
    /// Rows changed since the connection opened (FTS5's merge reports its work this way).
    var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    // MARK: Transactions

    /// Runs `body` in a transaction (its control statements are cached prepared statements, like
    /// any other: re-parsing them on every call was 5% of an insert): `BEGIN IMMEDIATE` (`write`) or `BEGIN DEFERRED` (read) when
    /// none is open, a savepoint inside one. The outermost level commits once when `body`
    /// returns and rolls back when it throws; an inner level that throws rolls back only its own
    /// work. Work registered with `onCommit` runs after the outermost commit.
    package func transaction<T>(write: Bool, _ body: () throws -> T) throws -> T {
        let level = try beginLevel(write: write)
        let result: T
        do {
            result = try body()
        } catch {
            rollBack(level)
            throw error
        }
        try commit(level)
        return result
    }

    /// One level of `transaction`, opened by `beginLevel` and closed by `commit` or `rollBack`
    /// — innermost first. `SQLiteStore.batch` keeps one open across its body.
    struct Level {
        /// `transactionDepth` before the level opened (0: the outermost transaction).
        let depth: Int
        let write: Bool
        /// `onCommit` work registered before the level opened (kept when it rolls back).
        let actionsBefore: Int
        var savepoint: String { "herald_\(depth)" }
        /// `SAVEPOINT herald_n`: made once for the usual depths, so a level's statements are
        /// the same text at the same address every time (`StatementCache`).
        var savepointSQL: String { depth < Self.savepoints.count ? Self.savepoints[depth] : "SAVEPOINT \(savepoint)" }
        /// `RELEASE herald_n`, the same way.
        var releaseSQL: String { depth < Self.releases.count ? Self.releases[depth] : "RELEASE \(savepoint)" }
        private static let savepoints = (0..<8).map { "SAVEPOINT herald_\($0)" }
        private static let releases = (0..<8).map { "RELEASE herald_\($0)" }
    }

    /// Opens a level of `transaction`: `BEGIN` when none is open, a savepoint inside one.
    func beginLevel(write: Bool) throws -> Level {
        let level = Level(depth: transactionDepth, write: write, actionsBefore: afterCommit.count)
        if level.depth == 0 {
            if write { try refuseIfFilesLost() }
            try execute(write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
            transactionSerial += 1
        } else {
            try execute(level.savepointSQL)
        }
        transactionDepth += 1
        return level
    }

    /// Closes `level` keeping its work: the outermost level commits, an inner one is released.
    func commit(_ level: Level) throws {
        closing(level)
        if level.depth == 0 && !level.write {
            // Ending a read cannot undo what it read: a damaged file may fail the COMMIT that
            // closes a read that went around the damage (it is rolled back then).
            try? commitOutermost()
        } else if level.depth == 0 {
            try commitOutermost()
        } else {
            try execute(level.releaseSQL)
        }
    }

    /// Closes `level` undoing its work (and dropping the `onCommit` work registered inside it).
    func rollBack(_ level: Level) {
        closing(level)
        rollbacks += 1
        if level.depth == 0 {
            try? executeScript("ROLLBACK")
            afterCommit.removeAll()
        } else {
            try? executeScript("ROLLBACK TO \(level.savepoint); RELEASE \(level.savepoint)")
            afterCommit.removeSubrange(level.actionsBefore...)
        }
    }

    private func closing(_ level: Level) {
        precondition(transactionDepth == level.depth + 1,
                     "transaction levels closed out of order (one SQLiteStore batched from two threads at once?)")
        transactionDepth -= 1
    }

    /// Opens a write transaction that outlives the call (a commit group): every `transaction`
    /// until `commitOpenTransaction` runs inside it, as a savepoint.
    func beginOpenTransaction() throws {
        precondition(transactionDepth == 0, "a transaction is already open")
        try refuseIfFilesLost()
        try execute("BEGIN IMMEDIATE")
        transactionSerial += 1
        transactionDepth = 1
    }

    /// Commits the transaction `beginOpenTransaction` opened, then runs the `onCommit` work; on
    /// failure everything in it is rolled back and the error thrown.
    func commitOpenTransaction() throws {
        precondition(transactionDepth == 1, "no open transaction to commit (or one of its levels is still running)")
        transactionDepth = 0
        try commitOutermost()
    }

    /// `COMMIT`, then the `onCommit` work; on failure, `ROLLBACK` and the work is dropped. A
    /// commit that finds a file of the store lost (`StoreFileWatch`) counts only when what the
    /// log holds could be saved into the database file; it throws otherwise.
    private func commitOutermost() throws {
        do {
            try execute("COMMIT")
        } catch {
            rollbacks += 1
            try? executeScript("ROLLBACK")
            afterCommit.removeAll()
            throw error
        }
        if case .lostNow(let error, let logOnly)? = fileWatch?.check() {
            let saved = logOnly && saveLostLog()
            let settled = fileWatch?.settle(error, saved: saved) ?? error
            if !saved {
                afterCommit.removeAll()
                throw settled
            }
        }
        committedSerial = transactionSerial
        let actions = afterCommit
        afterCommit.removeAll()
        for action in actions { action() }
    }

    /// Throws once a file of the store is known lost (`StoreFileWatch.knownLoss`): no write
    /// begins any more. The files are looked at after each commit, not here: a loss since the
    /// last commit is found by the next one, which saves the log's commits into the database
    /// file before it counts.
    private func refuseIfFilesLost() throws {
        if let error = fileWatch?.knownLoss { throw error }
    }

    /// Copies every commit in the log this connection has open — unlinked from the directory,
    /// still readable through its descriptor — into the database file (a `FULL` checkpoint:
    /// written and synced); whether all of it was. Tried again while another connection holds
    /// the checkpoint (the background one, finishing), for up to the busy timeout.
    private func saveLostLog() -> Bool {
        let deadline = Date().addingTimeInterval(max(busyTimeout, 1))
        repeat {
            var logFrames: Int32 = -1
            var copied: Int32 = -1
            let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_FULL, &logFrames, &copied)
            if code == SQLITE_OK && logFrames == copied { return true }
            guard code & 0xff == SQLITE_BUSY || code == SQLITE_OK else { return false }
            usleep(10_000)
        } while Date() < deadline
        return false
    }

    /// Schedules `action` to run after the outermost transaction commits (dropped on rollback).
    /// Outside a transaction it runs at once.
    func onCommit(_ action: @escaping () -> Void) {
        if transactionDepth == 0 { action() } else { afterCommit.append(action) }
    }

    // MARK: Errors

    /// The `StoreError` for a failed call on this connection.
    func error(_ code: Int32, context: String) -> StoreError {
        let message = String(cString: sqlite3_errmsg(handle))
        return Self.error(code: code, message: "\(message) (\(context))", path: path, busyTimeout: busyTimeout)
    }

    /// Sorts a SQLite result code into what the user can act on.
    static func error(code: Int32, message: String, path: String, busyTimeout: TimeInterval) -> StoreError {
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path, timeout: busyTimeout)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, reason: message)
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_READONLY: return .readOnly(path: path, reason: message)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: return .cannotOpen(path: path, reason: message)
        case SQLITE_IOERR:
            // ENOSPC while writing surfaces as an I/O error on some file systems.
            if message.localizedCaseInsensitiveContains("no space") || errno == ENOSPC { return .diskFull(path: path) }
            return .ioError(path: path, reason: message)
        default: return .sqlite(path: path, code: code, message: message)
        }
    }
}
