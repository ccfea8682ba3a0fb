import Foundation

/// Where the engine's schedule reads the requests it left in the store (`PendingRow`'s stored
/// rows): the store's `PendingRecordReader`, and whom to tell about a record that cannot be read.
struct StoredPendingSource: Sendable {
    var reader: (any PendingRecordReader)?
    /// Told of each stored request found unreadable (`EngineConfiguration.unreadablePending`).
    var report: (@Sendable (UnreadablePending) -> Void)?

    init(reader: (any PendingRecordReader)? = nil, report: (@Sendable (UnreadablePending) -> Void)? = nil) {
        self.reader = reader
        self.report = report
    }

    /// The stored record of a request the schedule holds with `nextFireDate` (the schedule's: it
    /// moves when a repeating request fires; the record's own while it is the same date). A
    /// record that cannot be read is reported and becomes `UnreadablePending`'s stand-in, which
    /// fires once, instead of stopping the center.
    func record(bundleIdentifier: String, identifier: String, nextFireDate: Date?) -> PendingRecord {
        do {
            guard let reader else {
                throw UnreadablePending(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                        reason: "the store left it in its file without a reader")
            }
            var record = try reader.pendingRecord(bundleIdentifier: bundleIdentifier, identifier: identifier)
            record.bundleIdentifier = bundleIdentifier
            if let stored = record.nextFireDate, let scheduled = nextFireDate, abs(stored.timeIntervalSince(scheduled)) < 1e-3 {
                record.nextFireDate = stored
            } else {
                record.nextFireDate = nextFireDate
            }
            return record
        } catch {
            let unreadable = error as? UnreadablePending
                ?? UnreadablePending(bundleIdentifier: bundleIdentifier, identifier: identifier, reason: "\(error)")
            report?(unreadable)
            return unreadable.placeholder(nextFireDate: nextFireDate)
        }
    }
}
