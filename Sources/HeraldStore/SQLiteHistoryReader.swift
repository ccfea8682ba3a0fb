import Foundation
import HeraldCore

/// History reads beside the writer (`NotificationStore.offWriterReader`): a read-only store on
/// the same file — its own connection and lock, so a long search neither waits for the engine's
/// writes nor holds them up (WAL readers and the writer do not block each other) — with each
/// read stopped at its deadline.
///
/// It sees what is committed: every acknowledged post, and deliveries once their group commit
/// is done (the same turn of the engine).
final class SQLiteHistoryReader: HistoryReader {
    private let store: SQLiteStore

    init(databaseURL: URL, attachmentsDirectory: URL, busyTimeout: TimeInterval) throws {
        store = try SQLiteStore(databaseURL: databaseURL, attachmentsDirectory: attachmentsDirectory,
                                options: SQLiteStoreOptions(mode: .readOnly, busyTimeout: busyTimeout,
                                                            applyRetentionOnOpen: false))
    }

    func history(_ query: HistoryQuery, deadline: Date) throws -> [DeliveredRecord] {
        try store.withReadDeadline(deadline) { try store.historyHeld(query) }
    }

    func historyCount(_ query: HistoryQuery, deadline: Date) throws -> Int {
        try store.withReadDeadline(deadline) { try store.historyCountHeld(query) }
    }
}

extension SQLiteStore {
    /// Runs `body` holding `access`, with the connection interrupted once `deadline` passes
    /// (`StoreError.timedOut`).
    func withReadDeadline<T: Sendable>(_ deadline: Date, _ body: () throws -> T) throws -> T {
        try locked { try connection.interrupting(at: deadline, body) }
    }
}
