import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Notices the database file or its write-ahead log being deleted or replaced under an open
/// store.
///
/// SQLite keeps writing into the log it opened even after the file is unlinked: every commit
/// still succeeds, and what was committed since then is gone once the store closes (another
/// connection then finds a different log, or none). The writer's connection asks `check()`
/// after it commits each write transaction, before anything committed is acknowledged: the file
/// at each path must still be the one (device and inode) the store opened — two `stat`s a
/// commit. Once it is not, the store is *lost*: `knownLoss` (no `stat`, asked before each write
/// transaction begins) and `check()` return the same error for every later write, which then
/// never starts — the daemon stops acknowledging, with an error that names the file and what
/// happened to it. A write that begins after the files went and before a check noticed commits
/// into them, and its own check finds them lost: it counts only when what the log holds is then
/// saved into the database file.
///
/// ```swift
/// let watch = StoreFileWatch(databasePath: path)
/// watch.record()             // once the log exists
/// if case .lost(let error) = watch.check() { throw error }
/// ```
final class StoreFileWatch: Sendable {
    /// A file's identity: its device and inode.
    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identities taken by `record()`, and the error once a file is found lost.
    private struct Files {
        var database: Identity?
        var log: Identity?
        var lost: StoreError?
    }

    let databasePath: String
    let logPath: String

    private let files = Mutex(Files())

    init(databasePath: String) {
        self.databasePath = databasePath
        logPath = databasePath + "-wal"
    }

    /// Takes the identity of the files as they are now (the store calls it once it has opened
    /// the database in WAL mode, which creates the log).
    func record() {
        files.withLock { files in
            files.database = Self.identity(databasePath)
            files.log = Self.identity(logPath)
        }
    }

    /// What `check()` found.
    enum Verdict: Equatable {
        /// Both files are the ones the store opened.
        case intact
        /// One of them is gone or replaced, found by this call: what the log holds can still be
        /// saved into the database file when only the log went (`logOnly`).
        case lostNow(StoreError, logOnly: Bool)
        /// Found before.
        case lost(StoreError)
    }

    /// Whether the files are still the ones the store opened. A log that did not exist at
    /// `record()` is taken as it first appears.
    func check() -> Verdict {
        files.withLock { files in
            if let lost = files.lost { return .lost(lost) }
            if let problem = Self.problem(path: databasePath, expected: files.database, what: "database file") {
                let error = StoreError.fileLost(path: databasePath, reason: problem)
                files.lost = error
                return .lostNow(error, logOnly: false)
            }
            if files.log == nil {
                files.log = Self.identity(logPath)
            } else if let problem = Self.problem(path: logPath, expected: files.log, what: "write-ahead log") {
                let error = StoreError.fileLost(path: logPath, reason: problem)
                files.lost = error
                return .lostNow(error, logOnly: true)
            }
            return .intact
        }
    }

    /// The error a `check()` found, without looking at the files again: what a write asks before
    /// it begins (the commit's own `check()` finds a loss since).
    var knownLoss: StoreError? {
        files.withLock { $0.lost }
    }

    /// Whether both files are still the ones the store opened, without deciding anything: for
    /// the background checkpoint, which leaves the finding (and the saving) to the writer.
    var looksIntact: Bool {
        files.withLock { files in
            files.lost == nil && Self.problem(path: databasePath, expected: files.database, what: "") == nil
                && Self.problem(path: logPath, expected: files.log, what: "") == nil
        }
    }

    /// Adds to the error what became of the commits the lost log held (saved into the database
    /// file or not), for every later write to say.
    func settle(_ error: StoreError, saved: Bool) -> StoreError {
        guard case .fileLost(let path, let reason) = error else { return error }
        let settled = StoreError.fileLost(path: path, reason: reason + (saved
            ? "; everything stored until then was saved into the database file"
            : "; what was stored since it went may be lost"))
        files.withLock { $0.lost = settled }
        return settled
    }

    /// What happened to the file at `path`, or `nil` when it is still `expected`.
    private static func problem(path: String, expected: Identity?, what: String) -> String? {
        guard let expected else { return nil }
        var status = stat()
        if stat(path, &status) != 0 {
            let error = errno
            guard error == ENOENT else { return nil }   // not ours to judge (a permission change, …)
            return "its \(what) was deleted while the store was open"
        }
        guard Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) == expected else {
            return "its \(what) was replaced by another file while the store was open"
        }
        return nil
    }

    private static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
