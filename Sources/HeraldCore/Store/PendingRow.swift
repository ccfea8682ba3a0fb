import Foundation

/// A pending request as an app's table keeps it: a `PendingRecord` without the bundle
/// identifier, which the table is filed under (16 bytes a row less, a million rows over).
struct PendingRow: IdentifiedRow {
    var request: RequestRecord
    var scheduledAt: Date
    var nextFireDate: Date?

    init(_ record: PendingRecord) {
        request = record.request
        scheduledAt = record.scheduledAt
        nextFireDate = record.nextFireDate
    }

    var identifier: String { request.identifier }

    /// The full record, for the app `bundleIdentifier`. Consuming: a row that is not used
    /// afterwards gives its request away instead of retaining it.
    consuming func record(bundleIdentifier: String) -> PendingRecord {
        PendingRecord(bundleIdentifier: bundleIdentifier, request: request, scheduledAt: scheduledAt,
                      nextFireDate: nextFireDate)
    }
}
