import Foundation
import HeraldCore
import Synchronization

/// The engine's store on SQLite: every record type, history with full-text search, retention.
///
/// Durability: WAL mode; every protocol method commits before it returns, except inside
/// `batch`, which commits once when its body returns (nested batches join it). A second process
/// — `herald history` while the daemon runs — reads concurrently (WAL readers) and waits up to
/// `options.busyTimeout` for a write lock.
///
/// ```swift
/// let store = try SQLiteStore(home: HeraldHome.resolve())
/// try store.batch {
///     for record in due { _ = try store.insertDelivered(record) }   // one commit for all
/// }
/// let page = try store.history(HistoryQuery(search: "lunch", limit: 20))
/// ```
///
/// Threads: each public method holds `access` (a `Mutex`) once, for its own work; the helpers
/// under it (`read`, `write`, …) run inside that hold and never take it again. A `batch` is a
/// transaction, not a hold: its body calls the public methods, each of which takes `access` for
/// itself and joins the open transaction — so, as `NotificationStore` asks, one task at a time
/// writes (the engine); another thread's call meanwhile joins the batch's transaction, as it
/// joins a commit group. The background search indexer waits for a batch to end (`batchGate`).
// unchecked: `connection` (a SQLite handle) and the `var`s are touched only while `access` is held.
public final class SQLiteStore: NotificationStore, @unchecked Sendable {
    /// The database file.
    public let databaseURL: URL
    /// Attachment files inside this directory are deleted with their notifications; files
    /// anywhere else are never touched.
    public let attachmentsDirectory: URL
    public let options: SQLiteStoreOptions

    /// Held by each public method, once (`locked`, `lockedRead`, `lockedWrite`); guards
    /// `connection` and every `var` of the store.
    let access = Mutex(())
    let connection: SQLiteConnection
    let coding: RecordCoding
    /// Whether the background search indexer has a run queued (guarded by `access`).
    var searchIndexingScheduled = false
    /// Whether the indexer's last run stopped merging at its step limit (guarded by `access`).
    var mergeCutShort = false
    /// Each app's rows as last counted, plus its deliveries and less its deletions since, for
    /// retention as rows arrive (guarded by `access`; only ever a trigger for an exact pass, and
    /// counted afresh after any rollback).
    var arrivalCounts: [String: Int] = [:]
    /// `connection.rollbacks` when `arrivalCounts` was last known right (guarded by `access`).
    var arrivalCountsRollbacks = 0
    /// What retention as rows arrive deleted per app since the engine last asked (guarded by
    /// `access`; counted when deleted — a rolled-back deletion is still counted, as the engine
    /// counts its own rolled-back inserts).
    var removedByRetention: [String: HistoryCounts] = [:]
    /// The last delivery id given out and what `nextDeliveryID` needs to count on from it
    /// (guarded by `access`).
    var lastDeliveryID: DeliveryIDCount?
    /// Whether `beginCommitGroup` left a transaction open (guarded by `access`).
    var commitGroupOpen = false
    /// `batch` calls under way, the outermost and those nested in it (guarded by `access`).
    var batchDepth = 0
    /// Held by the outermost `batch` across its body and by each run of the background search
    /// indexer: the indexer waits for a batch to end instead of joining its transaction.
    let batchGate = Mutex(())
    /// The row sets of recent searches' parts (guarded by `access`): `SQLiteStore+SearchParts`.
    var searchRowSets = SearchRowSetCache()
    /// The reader beside the writer, made on first use (a `Mutex` of its own, never `access`:
    /// a reader must not wait for the writer).
    private let historyReader = Mutex<SQLiteHistoryReader?>(nil)
    /// Runs the WAL checkpoints of a writable store off the commit path.
    private let checkpointer: WALCheckpointer?

    /// Waits for the background checkpoints scheduled so far; returns how many have completed
    /// and the pages in the log after the latest commit.
    func waitForBackgroundCheckpoints() -> (completed: Int, latestLogPages: Int32) {
        checkpointer?.waitUntilIdle() ?? (0, 0)
    }

    /// The writer's page cache (16 MiB; SQLite's default is 2 MiB). Each delivery updates two
    /// B-tree indexes, one of them (the identifier lookup) at a random place: at a million rows
    /// with 2 MiB, nearly every insert read that index's leaf page back from the file
    /// (herald-bench: a third of the store's time was `pread` in the kernel). The cache fills
    /// only with pages the writer touches.
    static let pageCacheKiB = 16_384

    /// The most the log keeps on disk after a checkpoint (64 MiB).
    static let journalSizeLimit = 67_108_864

    /// Opens (or, with mode `.create`, creates) the database in `home`.
    public convenience init(home: HeraldHome, options: SQLiteStoreOptions = SQLiteStoreOptions()) throws {
        if options.mode == .create { try home.create() }
        try self.init(databaseURL: home.databaseURL, attachmentsDirectory: home.attachmentsDirectory,
                      options: options)
    }

    /// Opens the database at `databaseURL`; `attachmentsDirectory` bounds which attachment files
    /// retention and deletions may remove.
    public init(databaseURL: URL, attachmentsDirectory: URL, options: SQLiteStoreOptions = SQLiteStoreOptions()) throws {
        self.databaseURL = databaseURL
        self.attachmentsDirectory = attachmentsDirectory.standardizedFileURL
        self.options = options
        let path = databaseURL.path
        coding = RecordCoding(path: path)

        if options.mode != .create, !FileManager.default.fileExists(atPath: path) {
            throw StoreError.cannotOpen(path: path, reason: "there is no database yet")
        }
        if options.mode != .readOnly {
            try PrivateFiles.prepareDatabase(path, create: options.mode == .create)
        }
        let access: SQLiteConnection.Access
        switch options.mode {
        case .create: access = .readWriteCreate
        case .existing: access = .readWrite
        case .readOnly: access = .readOnly
        }
        connection = try SQLiteConnection(path: path, access: access, busyTimeout: options.busyTimeout)
        let fileWatch = StoreFileWatch(databasePath: path)
        checkpointer = options.mode == .readOnly
            ? nil : WALCheckpointer(path: path, threshold: options.checkpointPages, fileWatch: fileWatch)

        if options.mode == .readOnly {
            if options.salvage { try connection.executeScript("PRAGMA writable_schema = ON") }
            let version = try Migrations.version(of: connection)   // also detects a corrupt file
            if version > Schema.currentVersion {
                throw StoreError.newerSchema(path: path, found: version, supported: Schema.currentVersion)
            }
            if version < Schema.currentVersion {
                throw StoreError.readOnly(path: path, reason: "it is at schema version \(version) and needs an "
                                          + "upgrade to \(Schema.currentVersion), which a read-only open cannot do; "
                                          + "run herald once with write access")
            }
        } else {
            // The first statement that reads the file: a corrupt file fails here, as `.corrupt`.
            let journal = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) } ?? ""
            if journal.lowercased() != "wal" {
                throw StoreError.cannotOpen(path: path, reason: "cannot switch to WAL mode (journal mode is \(journal))")
            }
            try connection.executeScript("""
                PRAGMA synchronous = \(options.synchronous.rawValue);
                PRAGMA journal_size_limit = \(Self.journalSizeLimit);
                PRAGMA cache_size = -\(Self.pageCacheKiB);
                """)
            checkpointer?.install(on: connection)
            // From here on every write checks that the file and its log are still the ones
            // opened (the log exists now: WAL mode opened it).
            fileWatch.record()
            connection.fileWatch = fileWatch
            try Migrations.migrate(connection)
            try catchUpSearchIndex()
            if options.applyRetentionOnOpen {
                do {
                    try applyRetention(now: Date())
                } catch StoreError.corrupt {
                    // Damaged pages: the store still opens and serves what is readable; the
                    // daemon's quick check says what is damaged (`quickCheck`).
                }
            }
        }
    }

    deinit {
        checkpointer?.uninstall(from: connection)
    }

    /// A writable store reads history for user interfaces on a read-only connection of its own
    /// (`SQLiteHistoryReader`); a read-only store has none (it is that reader).
    public var offWriterReader: (any HistoryReader)? {
        guard options.mode != .readOnly else { return nil }
        return historyReader.withLock { reader in
            if reader == nil {
                reader = try? SQLiteHistoryReader(databaseURL: databaseURL, attachmentsDirectory: attachmentsDirectory,
                                                  busyTimeout: options.busyTimeout)
            }
            return reader
        }
    }

    // MARK: Locking and transactions

    /// Runs `body` holding `access`: what a public method does once, around all of its work.
    func locked<T: Sendable>(_ body: () throws -> T) throws -> T {
        try access.withLock { _ in try body() }
    }

    /// `read` holding `access`.
    func lockedRead<T: Sendable>(_ body: () throws -> T) throws -> T {
        try locked { try connection.transaction(write: false, body) }
    }

    /// `write` holding `access`.
    func lockedWrite<T: Sendable>(_ body: () throws -> T) throws -> T {
        try locked { try connection.transaction(write: true, body) }
    }

    /// Runs `body` in a read transaction (one consistent snapshot; a savepoint inside an open
    /// transaction). The caller holds `access`.
    func read<T>(_ body: () throws -> T) throws -> T {
        try connection.transaction(write: false, body)
    }

    /// Runs `body` in a write transaction (committed before returning unless a batch or commit
    /// group is open). The caller holds `access`.
    func write<T>(_ body: () throws -> T) throws -> T {
        try connection.transaction(write: true, body)
    }

    /// Opens a write transaction (a savepoint inside an open one), runs `body` without holding
    /// `access` — the store methods it calls take it, each for itself — and commits, or rolls
    /// back when `body` throws. The outermost batch holds `batchGate` meanwhile.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        let outermost = access.withLock { _ in
            batchDepth += 1
            return batchDepth == 1
        }
        defer { access.withLock { _ in batchDepth -= 1 } }
        guard outermost else { return try inTransaction(body) }
        var result: Result<T, any Error>?
        batchGate.withLock { _ in result = Result { try inTransaction(body) } }
        return try result!.get()
    }

    /// `batch`'s transaction level around `body`.
    private func inTransaction<T>(_ body: () throws -> T) throws -> T {
        let level = try locked { try connection.beginLevel(write: true) }
        let result: T
        do {
            result = try body()
        } catch {
            access.withLock { _ in connection.rollBack(level) }
            throw error
        }
        try locked { try connection.commit(level) }
        return result
    }

    // MARK: Commit groups

    /// A commit costs ~100 µs (a round of log writes); gathering concurrent posts into one
    /// commit is what lets the daemon acknowledge floods.
    public var prefersCommitGroups: Bool { true }

    public func beginCommitGroup() throws {
        try locked {
            guard !commitGroupOpen else { return }
            try connection.beginOpenTransaction()
            commitGroupOpen = true
        }
    }

    public func commitGroup() throws {
        try locked {
            guard commitGroupOpen else { return }
            commitGroupOpen = false
            try connection.commitOpenTransaction()
        }
    }

    // MARK: Apps

    public func loadApps() throws -> [AppRecord] {
        try lockedRead {
            var categories: [String: [CategoryRecord]] = [:]
            _ = try connection.query("SELECT bundle_id, identifier, record FROM categories ORDER BY bundle_id, position") { row in
                let bundle = row.text(0)
                let category = try coding.decode(CategoryRecord.self, from: row.data(2), table: "categories",
                                                 key: "\(bundle) \(row.text(1))")
                categories[bundle, default: []].append(category)
            }
            return try connection.query("SELECT bundle_id, record FROM apps ORDER BY bundle_id") { row in
                var app = try coding.decode(AppRecord.self, from: row.data(1), table: "apps", key: row.text(0))
                app.categories = categories[app.bundleIdentifier] ?? []
                return app
            }
        }
    }

    public func saveApp(_ app: AppRecord) throws {
        var stored = app
        stored.categories = []
        let record = try coding.encode(stored)
        let categoryRecords = try app.categories.map { try coding.encode($0) }
        try lockedWrite {
            try connection.execute("""
                INSERT INTO apps (bundle_id, display_name, authorization_status, authorized_options, badge,
                                  device_token, record)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                ON CONFLICT (bundle_id) DO UPDATE SET
                    display_name = excluded.display_name, authorization_status = excluded.authorization_status,
                    authorized_options = excluded.authorized_options, badge = excluded.badge,
                    device_token = excluded.device_token, record = excluded.record
                """, [.text(app.bundleIdentifier), .text(app.displayName), SQLValue(app.authorizationStatus.rawValue),
                      .integer(Int64(bitPattern: UInt64(app.authorizedOptions.rawValue))), SQLValue(app.badge),
                      SQLValue(app.deviceToken), .text(record)])
            try connection.execute("DELETE FROM categories WHERE bundle_id = ?1", [.text(app.bundleIdentifier)])
            for (position, (category, record)) in zip(app.categories, categoryRecords).enumerated() {
                try connection.execute("""
                    INSERT OR REPLACE INTO categories (bundle_id, identifier, position, record) VALUES (?1, ?2, ?3, ?4)
                    """, [.text(app.bundleIdentifier), .text(category.identifier), SQLValue(position), .text(record)])
            }
        }
    }

    // MARK: Pending requests (the engine's start and reads by key: `SQLiteStore+Pending.swift`)

    /// Every pending request, decoded, in `loadPendingForStart`'s order.
    public func loadPending() throws -> [PendingRecord] {
        try lockedRead {
            try connection.query("""
                SELECT bundle_id, identifier, record FROM pending
                ORDER BY next_fire_date IS NULL, next_fire_date,
                         CASE WHEN next_fire_date IS NULL THEN scheduled_at END, bundle_id, identifier
                """) { row in
                try coding.decode(PendingRecord.self, from: row.data(2), table: "pending",
                                  key: "\(row.text(0)) \(row.text(1))")
            }
        }
    }

    public func savePending(_ record: PendingRecord) throws {
        let json = try coding.encode(record)
        try lockedWrite {
            try connection.execute("""
                INSERT OR REPLACE INTO pending (bundle_id, identifier, trigger_kind, scheduled_at, next_fire_date, record)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """, [.text(record.bundleIdentifier), .text(record.request.identifier),
                      .text(record.request.trigger.kindName), record.scheduledAt.sqlColumn,
                      record.nextFireDate?.sqlColumn ?? .null, .text(json)])
        }
    }

    public func removePending(bundleIdentifier: String, identifiers: [String]) throws {
        guard !identifiers.isEmpty else { return }
        try lockedWrite {
            for identifier in Set(identifiers) {
                try connection.execute("DELETE FROM pending WHERE bundle_id = ?1 AND identifier = ?2",
                                       [.text(bundleIdentifier), .text(identifier)])
            }
        }
    }

    public func removeAllPending(bundleIdentifier: String) throws {
        try lockedWrite {
            try connection.execute("DELETE FROM pending WHERE bundle_id = ?1", [.text(bundleIdentifier)])
        }
    }

    // MARK: Center-wide values

    public func value(forKey key: String) throws -> JSONValue? {
        try lockedRead {
            try connection.queryFirst("SELECT value FROM kv WHERE key = ?1", [.text(key)]) { row in
                try coding.decode(JSONValue.self, from: row.data(0), table: "kv", key: key)
            }
        }
    }

    public func setValue(_ value: JSONValue?, forKey key: String) throws {
        try lockedWrite {
            if let value {
                try connection.execute("INSERT OR REPLACE INTO kv (key, value) VALUES (?1, ?2)",
                                       [.text(key), .text(try coding.encode(value))])
            } else {
                try connection.execute("DELETE FROM kv WHERE key = ?1", [.text(key)])
            }
        }
    }
}
