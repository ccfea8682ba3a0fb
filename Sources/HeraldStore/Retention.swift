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

    /// Deletes history beyond `options.retention` (per-app count, then age), with attachment
    /// files and responses. Notifications whose responses still wait for their app are kept.
    /// The daemon calls it periodically; the store also runs it when it opens.
    @discardableResult
    public func applyRetention(now: Date) throws -> RetentionResult {
        let policy = options.retention
        let keepPending = "NOT EXISTS (SELECT 1 FROM responses WHERE responses.delivery_id = delivered.id "
            + "AND responses.delivered_to_app = 0)"
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
                        SELECT id FROM delivered WHERE bundle_id = ?1 AND id <= ?2 AND \(keepPending)
                        """, [.text(bundle), .integer(cutoff)]) { $0.int64(0) }
                }
            }
            if let maxAge = policy.maxAge {
                victims += try connection.query("SELECT id FROM delivered WHERE date < ?1 AND \(keepPending)",
                                                [now.addingTimeInterval(-maxAge).sqlColumn]) { $0.int64(0) }
            }
            return victims
        }
        let unique = Array(Set(victims)).sorted()
        var start = 0
        while start < unique.count {
            let chunk = Array(unique[start..<min(start + Self.retentionChunk, unique.count)])
            try lockedWrite { try deleteDeliveries(ids: chunk) }
            start += chunk.count
        }
        return RetentionResult(deletedNotifications: unique.count)
    }
}
