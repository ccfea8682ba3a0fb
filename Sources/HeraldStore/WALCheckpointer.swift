import CSQLite
import Dispatch
import Foundation
import Synchronization

/// Keeps WAL checkpoints off the commit path.
///
/// SQLite's automatic checkpoint runs inside the commit that pushes the log past 1,000 pages:
/// that commit copies every page back into the database file first, a few milliseconds that
/// were the slowest `herald post` round trips (the p99). Instead, the store's connection
/// reports each commit's log size through `sqlite3_wal_hook`, and past `threshold` pages a
/// `PASSIVE` checkpoint runs on a second connection on a background queue: it waits for no
/// reader or writer, so commits go on meanwhile, and the log restarts from the top (and
/// shrinks to `journal_size_limit`) once a checkpoint has caught up.
///
/// Past `threshold`, a checkpoint is scheduled again once the log has grown by a quarter of it
/// more or 10 ms have passed (`CheckpointSchedule`), not after every commit: each one costs
/// ~350,000 instructions with a log of 8,000 pages, however little it copies.
///
/// The log restarts only at a moment when a checkpoint has copied all of it, which a steady
/// stream of commits never leaves a background checkpoint: so past `hardLimit` pages, the commit
/// itself checkpoints what is left (about a quarter of the threshold at most, as the background
/// has copied the rest), like SQLite's own automatic checkpoint, and the log restarts.
final class WALCheckpointer: Sendable {
    /// Log pages after which a checkpoint is scheduled (`SQLiteStoreOptions.checkpointPages`).
    let threshold: Int32
    /// How long a log past `threshold` waits at most for its next background checkpoint (10 ms).
    static let interval: UInt64 = 10_000_000
    /// Log pages past which the committing connection checkpoints the rest itself (4×).
    var hardLimit: Int32 { threshold * 4 }

    private let path: String
    private let queue = DispatchQueue(label: "herald.store.checkpoint", qos: .utility)
    /// What commits and checkpoints tell each other.
    private struct Progress {
        /// When to schedule the next background checkpoint.
        var schedule: CheckpointSchedule
        /// Background checkpoints that ran to the end.
        var completed = 0
        /// Pages in the log after the latest commit.
        var latestLogPages: Int32 = 0
    }

    private let progress: Mutex<Progress>
    /// The checkpoints' own connection, opened on first use (only `queue` takes it, so its
    /// `Mutex` is never contended).
    private let connection = Mutex<SQLiteConnection?>(nil)

    /// The store's files: a checkpoint never runs once one of them is lost (its connection
    /// would open another log than the writer's).
    private let fileWatch: StoreFileWatch

    init(path: String, threshold: Int, fileWatch: StoreFileWatch) {
        self.path = path
        self.threshold = Int32(clamping: max(1, threshold))
        progress = Mutex(Progress(schedule: CheckpointSchedule(threshold: self.threshold, step: self.threshold / 4,
                                                               interval: Self.interval)))
        self.fileWatch = fileWatch
    }

    /// Turns off `connection`'s automatic checkpoints and routes its commits here. The store
    /// keeps this object alive as long as the connection and calls `uninstall` before closing.
    func install(on connection: SQLiteConnection) {
        sqlite3_wal_hook(connection.handle, { context, db, _, pages in
            guard let context else { return SQLITE_OK }
            let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
            if pages >= checkpointer.hardLimit {
                checkpointer.record(logPages: pages)
                // Errors are SQLite's to retry: the next commit past the limit checkpoints again.
                _ = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            } else {
                checkpointer.committed(logPages: pages)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Waits until the checkpoints scheduled so far have run; returns how many background
    /// checkpoints have completed and the pages in the log after the latest commit (tests wait
    /// on this instead of a stopwatch).
    func waitUntilIdle() -> (completed: Int, latestLogPages: Int32) {
        queue.sync {}
        return progress.withLock { ($0.completed, $0.latestLogPages) }
    }

    private func record(logPages: Int32) {
        progress.withLock { $0.latestLogPages = logPages }
    }

    func uninstall(from connection: SQLiteConnection) {
        sqlite3_wal_hook(connection.handle, nil, nil)
    }

    /// Called by SQLite after each commit with the pages now in the log (under `hardLimit`).
    private func committed(logPages: Int32) {
        let start = progress.withLock { progress in
            progress.latestLogPages = logPages
            return progress.schedule.shouldSchedule(afterCommitLeaving: logPages,
                                                    at: DispatchTime.now().uptimeNanoseconds)
        }
        guard start else { return }
        queue.async { self.checkpoint() }
    }

    private func checkpoint() {
        progress.withLock { $0.schedule.started() }
        connection.withLock { connection in
            guard fileWatch.looksIntact else {
                connection = nil
                return
            }
            do {
                if connection == nil {
                    let opened = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: 0)
                    try opened.executeScript("PRAGMA journal_size_limit = \(SQLiteStore.journalSizeLimit)")
                    connection = opened
                }
                try connection?.executeScript("PRAGMA wal_checkpoint(PASSIVE)")
                progress.withLock { $0.completed += 1 }
            } catch {
                // Nothing is lost: the pages stay in the log, and the next commit past the
                // threshold tries again (SQLite also checkpoints when the last connection closes).
                connection = nil
            }
        }
    }
}
