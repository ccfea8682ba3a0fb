import Foundation

/// How a `SQLiteStore` opens its file.
///
/// ```swift
/// var options = SQLiteStoreOptions()
/// options.mode = .existing          // `herald history`: never create a database
/// options.applyRetentionOnOpen = false
/// ```
public struct SQLiteStoreOptions: Sendable, Hashable {
    /// Whether the file may be created, must exist, or is only read.
    public enum Mode: Sendable, Hashable {
        /// Creates the home directory and the database when missing (the daemon).
        case create
        /// The database must exist; it is migrated when older (read commands).
        case existing
        /// The database must exist and be at the current version; nothing is written.
        case readOnly
    }

    /// `PRAGMA synchronous` in WAL mode.
    ///
    /// The default is `.normal`. Herald's promise is that nothing it acknowledged is lost when
    /// Herald itself dies (`kill -9`, a crash, the OOM killer): in WAL mode a commit has written
    /// its frames to the log with `write(2)` before it returns, so the kernel keeps them whatever
    /// happens to the process — the kill -9 test holds with either setting. `.full` adds an
    /// `fdatasync` to every commit, which also covers a power cut or kernel panic, at about 4×
    /// the cost of a single-row commit (herald-bench: 528 vs 2,069 commits/s on a loaded
    /// 2-core VM). A notification center that posts one commit per `herald post` takes the
    /// faster one; choose `.full` where a power cut must not lose the last second of history.
    public enum Synchronous: String, Sendable, Hashable {
        /// Every commit is fsynced: survives power loss as well as crashes.
        case full = "FULL"
        /// Commits survive a crash of the process (`kill -9`); the last ones may be lost on
        /// power loss or a kernel crash; fsyncs only at checkpoints (the default).
        case normal = "NORMAL"
    }

    public var mode: Mode = .create
    public var synchronous: Synchronous = .normal
    /// How long to wait for another connection's lock before failing with `StoreError.busy`.
    public var busyTimeout: TimeInterval = 5
    /// The history cap `applyRetention(now:)` enforces.
    public var retention: RetentionPolicy = RetentionPolicy()
    /// Applies retention (with the current date) right after opening.
    public var applyRetentionOnOpen: Bool = true
    /// Applies the per-app cap as rows arrive (`SQLiteStore+RetentionOnInsert.swift`): an app
    /// never holds more than `maxPerApp` plus 1% (at least 1) notifications, flood or not.
    public var applyRetentionOnInsert: Bool = true
    /// Pages in the write-ahead log after which a background checkpoint copies them into the
    /// database (`WALCheckpointer`); past four times as many the committing write does it.
    /// 4,000 pages (16 MiB) by default: each notification rewrites the same few index pages,
    /// and a checkpoint copies only a page's newest version, so a longer log copies far less
    /// per notification than SQLite's default of 1,000.
    public var checkpointPages: Int = 4_000
    /// Read-only mode only: opens a damaged file to read what is left of it — one cut short
    /// included, which SQLite otherwise refuses as a whole (`PRAGMA writable_schema`, which lets
    /// a reader past the header's page count; nothing is written). `herald history` falls back
    /// to it when the file cannot be opened as it is.
    public var salvage = false

    public init(mode: Mode = .create, synchronous: Synchronous = .normal, busyTimeout: TimeInterval = 5,
                retention: RetentionPolicy = RetentionPolicy(), applyRetentionOnOpen: Bool = true) {
        self.mode = mode
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.retention = retention
        self.applyRetentionOnOpen = applyRetentionOnOpen
    }
}
