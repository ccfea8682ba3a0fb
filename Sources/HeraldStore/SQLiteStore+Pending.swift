import Foundation
import HeraldCore

/// Pending requests at the engine's start: scheduled from the fire-date index alone, their
/// records left in the file and read by key when the engine needs one (`SQLitePendingRecordReader`).
///
/// `pending_next_fire` (on `next_fire_date`; schema version 1) is a covering index for the start:
/// an index of a `WITHOUT ROWID` table carries the table's key, so each of its entries is
/// (next fire date, app, identifier), in that order. A start with 64,000 requests pending reads
/// those few megabytes instead of every record (about 460 bytes each), and the engine keeps
/// tens of bytes per request instead of the record.
extension SQLiteStore {
    /// What scheduling needs, without the records: the dated requests in the index's order (fire
    /// date, then app, then identifier — so different apps due at the same instant fire in app
    /// order, the order the start schedules them in), then the undated ones (location triggers,
    /// calendar triggers that never match again; few), in the order they were scheduled.
    public func loadPendingForStart() throws -> [LoadedPending] {
        try lockedRead {
            var loaded = try connection.query("""
                SELECT bundle_id, identifier, next_fire_date FROM pending
                WHERE next_fire_date IS NOT NULL ORDER BY next_fire_date, bundle_id, identifier
                """) { row in
                LoadedPending.stored(StoredPendingRecord(bundleIdentifier: row.text(0), identifier: row.text(1),
                                                         nextFireDate: Date(timeIntervalSince1970: row.double(2)),
                                                         isLocationTriggered: false))
            }
            loaded += try connection.query("""
                SELECT bundle_id, identifier, trigger_kind FROM pending
                WHERE next_fire_date IS NULL ORDER BY scheduled_at, bundle_id, identifier
                """) { row in
                LoadedPending.stored(StoredPendingRecord(bundleIdentifier: row.text(0), identifier: row.text(1),
                                                         nextFireDate: nil,
                                                         isLocationTriggered: row.text(2) == "location"))   // (`kindName`)
            }
            return loaded
        }
    }

    public var pendingRecordReader: (any PendingRecordReader)? { SQLitePendingRecordReader(store: self) }

    /// The record of one pending request, read by its key (the table's primary key). Throws
    /// `UnreadablePending` naming the request when its row is gone or cannot be decoded.
    func pendingRecord(bundleIdentifier: String, identifier: String) throws -> PendingRecord {
        let row: (scheduledAt: Double, record: Data)?
        do {
            row = try lockedRead {
                try connection.queryFirst("SELECT scheduled_at, record FROM pending WHERE bundle_id = ?1 AND identifier = ?2",
                                          [.text(bundleIdentifier), .text(identifier)]) { row in
                    (scheduledAt: row.double(0), record: row.data(1))
                }
            }
        } catch {
            throw UnreadablePending(bundleIdentifier: bundleIdentifier, identifier: identifier, reason: "\(error)")
        }
        guard let row else {
            throw UnreadablePending(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                    reason: "its row is no longer in the store")
        }
        do {
            return try coding.decode(PendingRecord.self, from: row.record, table: "pending",
                                     key: "\(bundleIdentifier) \(identifier)")
        } catch {
            throw UnreadablePending(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                    scheduledAt: Date(timeIntervalSince1970: row.scheduledAt), reason: "\(error)")
        }
    }
}

/// Reads the pending requests the engine's start left in a `SQLiteStore`, by key, on the store's
/// own connection under its lock: what it reads includes the engine's writes not yet committed
/// (an open commit group's).
struct SQLitePendingRecordReader: PendingRecordReader {
    let store: SQLiteStore

    func pendingRecord(bundleIdentifier: String, identifier: String) throws -> PendingRecord {
        try store.pendingRecord(bundleIdentifier: bundleIdentifier, identifier: identifier)
    }
}
