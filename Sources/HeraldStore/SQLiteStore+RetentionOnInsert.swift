import Foundation
import HeraldCore

/// Retention as rows arrive: 50,000 posts from one app once left 50,000 rows
/// for an app whose retention is 10,000, until 40,000 vanished at the next start. Now each
/// insert counts its app's rows (a count from the index the first time, then one more per
/// insert, one less per deletion), and once the count passes `maxPerApp` by the slack (1%, at least 1) an exact pass
/// deletes the oldest beyond `maxPerApp` — in the inserting transaction, so history never
/// holds more than `maxPerApp` + slack rows of one app.
extension SQLiteStore {
    /// Rows past `maxPerApp` before a pass runs (amortises the pass over many inserts).
    static func retentionSlack(_ maxPerApp: Int) -> Int { max(1, maxPerApp / 100) }

    /// Whether the next insert of the app's rows runs a retention pass (`applyRetentionOnArrival`
    /// would delete). Called holding `access`, before the insert; may count the app's rows once.
    func retentionPassDue(bundleIdentifier: String) throws -> Bool {
        guard options.applyRetentionOnInsert, let maxPerApp = options.retention.maxPerApp else { return false }
        return try countAfterArrival(bundleIdentifier: bundleIdentifier, counted: false)
            > maxPerApp + Self.retentionSlack(maxPerApp) - 1
    }

    /// Counts an inserted row for which no pass was due (`retentionPassDue` said so).
    func noteArrival(bundleIdentifier: String) {
        guard options.applyRetentionOnInsert, options.retention.maxPerApp != nil else { return }
        arrivalCounts[bundleIdentifier, default: 0] += 1
    }

    /// Takes rows about to be deleted (`ids`, bound as `statements` expect) off their apps' known
    /// counts, inside the deleting transaction. Forgetting the counts instead would make each app's next insert count its rows from the
    /// index again: for an app at its cap (10,000 by default) that read 10,000 index entries for
    /// every notification replaced by identifier.
    func countDepartures(of ids: SQLValue, using statements: DeletionStatements) throws {
        forgetCountsAfterRollback()
        guard !arrivalCounts.isEmpty else { return }
        let apps = try connection.query(statements.appsOfRows, [ids]) { $0.text(0) }
        // Never below zero: rows another process added were never counted here.
        for app in apps { if let known = arrivalCounts[app] { arrivalCounts[app] = max(0, known - 1) } }
    }

    /// A rollback may have undone deletions already taken off the counts (or inserts counted):
    /// the counts start afresh from the index.
    private func forgetCountsAfterRollback() {
        guard arrivalCountsRollbacks != connection.rollbacks else { return }
        arrivalCounts.removeAll()
        arrivalCountsRollbacks = connection.rollbacks
    }

    /// The app's row count once the arriving row is in: the known count plus one, else counted
    /// from the index (`counted`: the row is already inserted, so the count includes it).
    private func countAfterArrival(bundleIdentifier: String, counted: Bool) throws -> Int {
        forgetCountsAfterRollback()
        if let known = arrivalCounts[bundleIdentifier] { return known + 1 }
        let rows = Int(try connection.integer("SELECT count(*) FROM delivered WHERE bundle_id = ?1",
                                              [.text(bundleIdentifier)]) ?? 0)
        // Known from now on (as the count before this arrival).
        arrivalCounts[bundleIdentifier] = counted ? rows - 1 : rows
        return counted ? rows : rows + 1
    }

    /// Called inside `insertDelivered`'s write transaction, after the insert.
    func applyRetentionOnArrival(bundleIdentifier: String) throws {
        guard options.applyRetentionOnInsert, let maxPerApp = options.retention.maxPerApp else { return }
        let count = try countAfterArrival(bundleIdentifier: bundleIdentifier, counted: true)
        guard count > maxPerApp + Self.retentionSlack(maxPerApp) - 1 else {
            arrivalCounts[bundleIdentifier] = count
            return
        }
        // Exact: everything of the app past its newest `maxPerApp`, except notifications whose
        // responses still wait for their app.
        let victims = try connection.query("""
            SELECT id, is_read FROM delivered WHERE bundle_id = ?1 AND id <= coalesce(
                (SELECT id FROM delivered WHERE bundle_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2), -1)
            AND NOT EXISTS (SELECT 1 FROM responses WHERE responses.delivery_id = delivered.id
                            AND responses.delivered_to_app = 0)
            """, [.text(bundleIdentifier), SQLValue(max(0, maxPerApp))]) { (id: $0.int64(0), isRead: $0.bool(1)) }
        try deleteDeliveries(ids: victims.map(\.id))
        // Told to the engine (`takeRemovedByRetention`), which keeps the app's counts.
        var removed = removedByRetention[bundleIdentifier] ?? .zero
        removed.total += victims.count
        removed.unread += victims.count { !$0.isRead }
        removedByRetention[bundleIdentifier] = removed
        arrivalCounts[bundleIdentifier] = Int(try connection.integer(
            "SELECT count(*) FROM delivered WHERE bundle_id = ?1", [.text(bundleIdentifier)]) ?? 0)
    }

    /// What retention as rows arrive deleted per app since the last call (unread and total).
    public func takeRemovedByRetention() -> [String: HistoryCounts] {
        access.withLock { _ in
            let removed = removedByRetention
            removedByRetention = [:]
            return removed
        }
    }
}
