import Foundation
import HeraldCore

/// How much history to keep: at most `maxPerApp` notifications per app, none older than
/// `maxAge`. Generous by default; `nil` turns a limit off.
///
/// ```swift
/// var options = SQLiteStoreOptions()
/// options.retention = RetentionPolicy(maxPerApp: 500, maxAge: 30 * 86_400)
/// ```
public struct RetentionPolicy: Sendable, Hashable, Codable {
    public var maxPerApp: Int?
    public var maxAge: TimeInterval?

    public init(maxPerApp: Int? = 10_000, maxAge: TimeInterval? = 365 * 86_400) {
        self.maxPerApp = maxPerApp
        self.maxAge = maxAge
    }

    /// Keeps everything.
    public static let unlimited = RetentionPolicy(maxPerApp: nil, maxAge: nil)
}

/// What one retention pass removed.
public struct RetentionResult: Sendable, Hashable {
    public var deletedNotifications: Int = 0
    public init(deletedNotifications: Int = 0) { self.deletedNotifications = deletedNotifications }
}

extension SQLiteStore {
    /// How many deliveries one retention transaction deletes, so the daemon never holds the
    /// write lock for long.
    static let retentionChunk = 2_000

    /// A delivery whose responses still wait for its app is kept (the app has yet to hear of it).
    private static let noResponseWaits = "NOT EXISTS (SELECT 1 FROM responses WHERE responses.delivery_id = delivered.id "
        + "AND responses.delivered_to_app = 0)"

    /// The deliveries older than `?1` whose responses do not wait: the app index covers the date,
    /// so the pass reads it from end to end and no row (schema version 9).
    static let ageVictimsSQL = "SELECT id FROM delivered INDEXED BY delivered_app WHERE date < ?1 AND \(noResponseWaits)"

    /// Deletes history beyond `options.retention` (per-app count, then age), with attachment
    /// files and responses. Notifications whose responses still wait for their app are kept.
    /// The store runs it when it opens (`applyRetentionOnOpen`); a daemon opens without it and
    /// has its engine apply it once it serves (`NotificationEngine.applyRetention(now:)`).
    @discardableResult
    public func applyRetention(now: Date) throws -> RetentionResult {
        let victims = try retentionVictims(now: now)
        var deleted = 0
        var start = 0
        while start < victims.count {
            let chunk = Array(victims[start..<min(start + Self.retentionChunk, victims.count)])
            deleted += try removePastRetention(ids: chunk).deliveryIDs.count
            start += chunk.count
        }
        return RetentionResult(deletedNotifications: deleted)
    }

    /// What `applyRetention` would delete, read on a read-only connection of its own: a writer
    /// beside it (the engine) neither waits for the read nor is held up by it.
    public func deliveriesPastRetention(now: Date) throws -> [Int64] {
        guard options.mode != .readOnly else { return try retentionVictims(now: now) }
        let reader = try SQLiteStore(databaseURL: databaseURL, attachmentsDirectory: attachmentsDirectory,
                                     options: SQLiteStoreOptions(mode: .readOnly, busyTimeout: options.busyTimeout,
                                                                 retention: options.retention, applyRetentionOnOpen: false))
        return try reader.retentionVictims(now: now)
    }

    public func removePastRetention(ids: [Int64]) throws -> HistoryRemoval {
        guard !ids.isEmpty else { return HistoryRemoval() }
        return try lockedWrite {
            // Still there, and still without a response waiting (one may have come since the
            // victims were found).
            let rows = try connection.query("""
                SELECT id, bundle_id, is_read FROM delivered
                WHERE id IN (SELECT value FROM json_each(?1)) AND \(Self.noResponseWaits)
                """, [.text(try coding.encode(ids))]) { (id: $0.int64(0), bundle: $0.text(1), isRead: $0.bool(2)) }
            try deleteDeliveries(ids: rows.map(\.id))
            var removal = HistoryRemoval()
            for row in rows { removal.note(deliveryID: row.id, bundleIdentifier: row.bundle, isRead: row.isRead) }
            return removal
        }
    }

    /// The deliveries past the policy, ascending: per app everything older than its newest
    /// `maxPerApp`, then everything older than `maxAge`; never one whose response waits.
    func retentionVictims(now: Date) throws -> [Int64] {
        let policy = options.retention
        let victims = try lockedRead { () -> [Int64] in
            var victims: [Int64] = []
            if let maxPerApp = policy.maxPerApp {
                let apps = try connection.query("""
                    SELECT bundle_id, count(*) FROM delivered GROUP BY bundle_id HAVING count(*) > ?1
                    """, [SQLValue(max(0, maxPerApp))]) { ($0.text(0), $0.int(1)) }
                for (bundle, _) in apps {
                    // The id of the newest notification past the cap; it and everything older go.
                    guard let cutoff = try connection.integer("""
                        SELECT id FROM delivered WHERE bundle_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2
                        """, [.text(bundle), SQLValue(max(0, maxPerApp))]) else { continue }
                    victims += try connection.query("""
                        SELECT id FROM delivered WHERE bundle_id = ?1 AND id <= ?2 AND \(Self.noResponseWaits)
                        """, [.text(bundle), .integer(cutoff)]) { $0.int64(0) }
                }
            }
            if let maxAge = policy.maxAge {
                victims += try connection.query(Self.ageVictimsSQL, [now.addingTimeInterval(-maxAge).sqlColumn]) {
                    $0.int64(0)
                }
            }
            return victims
        }
        return Array(Set(victims)).sorted()
    }
}
