import Foundation

/// Why the store could not do what was asked. Every case names the file or directory involved
/// and its `description` says what to do about it, so the `herald` commands and the daemon can
/// print it as it is.
///
/// ```swift
/// do { _ = try SQLiteStore(home: home) }
/// catch let error as StoreError { printError("herald: \(error)") }   // never a crash, never a reset
/// ```
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The state directory could not be created (permissions, a file in the way, …).
    case cannotCreateHome(path: String, reason: String)
    /// The database file could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file is not a SQLite database, or SQLite found it damaged.
    case corrupt(path: String, reason: String)
    /// A SQLite database that Herald did not write (another program's file).
    case foreignDatabase(path: String)
    /// The database was written by a newer Herald whose schema this build does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Another process held the database longer than the busy timeout.
    case busy(path: String, timeout: TimeInterval)
    /// The database or its directory is read-only.
    case readOnly(path: String, reason: String)
    /// The disk (or the user's quota) is full.
    case diskFull(path: String)
    /// The operating system reported an I/O error.
    case ioError(path: String, reason: String)
    /// A stored record could not be decoded (damaged, or written by an incompatible build).
    case invalidRecord(path: String, table: String, key: String, reason: String)
    /// A read ran past its deadline and was stopped.
    case timedOut(path: String, seconds: TimeInterval)
    /// Any other SQLite failure (a bug in Herald rather than in the environment).
    case sqlite(path: String, code: Int32, message: String)
    /// The database file or its write-ahead log was deleted or replaced under the open store:
    /// nothing more is written (`StoreFileWatch`).
    case fileLost(path: String, reason: String)

    /// The file or directory the error is about.
    public var path: String {
        switch self {
        case .cannotCreateHome(let path, _), .cannotOpen(let path, _), .corrupt(let path, _),
             .foreignDatabase(let path), .newerSchema(let path, _, _), .busy(let path, _),
             .readOnly(let path, _), .diskFull(let path), .ioError(let path, _),
             .invalidRecord(let path, _, _, _), .sqlite(let path, _, _), .timedOut(let path, _),
             .fileLost(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .cannotCreateHome(let path, let reason):
            return "cannot create the state directory \(path): \(reason). "
                + "Check the permissions of its parent, or choose another one with --home DIR or $HERALD_HOME."
        case .cannotOpen(let path, let reason):
            return "cannot open the database \(path): \(reason). "
                + "Check that the directory exists and that you may write to it, or use --home DIR."
        case .corrupt(let path, let reason):
            return "the database \(path) is damaged or not a database (\(reason)). "
                + "Herald will not reset it for you: move it aside (mv '\(path)' '\(path).broken'), "
                + "and Herald starts a new one next time; the old file can be inspected with sqlite3."
        case .foreignDatabase(let path):
            return "\(path) is a SQLite database that Herald did not create. "
                + "Move it away or choose another state directory with --home DIR."
        case .newerSchema(let path, let found, let supported):
            return "the database \(path) was written by a newer Herald (schema version \(found); "
                + "this herald knows up to \(supported)). Upgrade herald, or use another state directory with --home DIR."
        case .busy(let path, let timeout):
            return "the database \(path) stayed locked by another Herald process for \(Self.seconds(timeout)). "
                + "Try again, or stop the other process (herald daemon) if it is stuck."
        case .readOnly(let path, let reason):
            return "cannot write to the database \(path): \(reason). "
                + "Make the file and its directory writable, or use another state directory with --home DIR."
        case .diskFull(let path):
            return "the disk holding \(path) is full. Free some space (or lower the history retention) and try again."
        case .ioError(let path, let reason):
            return "input/output error on \(path): \(reason). Check the disk and its file system."
        case .invalidRecord(let path, let table, let key, let reason):
            return "a stored \(table) record (\(key)) in \(path) cannot be read: \(reason). "
                + "Either the database is damaged (herald daemon reports damaged pages in its log when it starts) "
                + "or the record was written by an incompatible build of Herald."
        case .timedOut(let path, let seconds):
            return "reading \(path) took longer than \(Self.seconds(seconds.rounded())) and was stopped: "
                + "narrow the search (fewer or longer words, one app) and try again"
        case .sqlite(let path, let code, let message):
            return "SQLite error \(code) on \(path): \(message)"
        case .fileLost(let path, let reason):
            return "the store cannot keep anything more: \(reason) (\(path)). Nothing more is accepted until "
                + "the center restarts: stop herald daemon and start it again (it opens the database afresh)."
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
