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
    public enum Synchronous: String, Sendable, Hashable {
        /// Every commit is fsynced: survives power loss as well as crashes (the default).
        case full = "FULL"
        /// Commits survive a crash of the process (`kill -9`), the last ones may be lost on
        /// power loss; fsyncs only at checkpoints.
        case normal = "NORMAL"
    }

    public var mode: Mode = .create
    public var synchronous: Synchronous = .full
    /// How long to wait for another connection's lock before failing with `StoreError.busy`.
    public var busyTimeout: TimeInterval = 5
    /// The history cap `applyRetention(now:)` enforces.
    public var retention: RetentionPolicy = RetentionPolicy()
    /// Applies retention (with the current date) right after opening.
    public var applyRetentionOnOpen: Bool = true

    public init(mode: Mode = .create, synchronous: Synchronous = .full, busyTimeout: TimeInterval = 5,
                retention: RetentionPolicy = RetentionPolicy(), applyRetentionOnOpen: Bool = true) {
        self.mode = mode
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.retention = retention
        self.applyRetentionOnOpen = applyRetentionOnOpen
    }
}
