import Foundation

/// A pending request as an app's table keeps it: a `PendingRecord` without the bundle
/// identifier, which the table is filed under (16 bytes a row less, a million rows over). A row
/// read at start (`StoredPendingRecord`) keeps its request encoded until it is first needed.
///
/// The identifier and the trigger kind are kept beside the request: the tables read them on
/// every lookup, and reading them out of the request (a `switch` over a stored enum) copies the
/// whole request first.
struct PendingRow: IdentifiedRow {
    private enum Request {
        case decoded(RequestRecord)
        /// As the store read it: the identifier and trigger kind are the row's, from its columns.
        case encoded(EncodedPendingRecord)
    }

    // (In this order the flag takes a byte the layout leaves free: a row is no larger for it.)
    let identifier: String
    private var body: Request
    var scheduledAt: Date
    var nextFireDate: Date?
    /// Whether the trigger is a location trigger (known without decoding a stored request).
    let isLocationTriggered: Bool

    init(_ record: PendingRecord) {
        identifier = record.request.identifier
        if case .location = record.request.trigger { isLocationTriggered = true } else { isLocationTriggered = false }
        body = .decoded(record.request)
        scheduledAt = record.scheduledAt
        nextFireDate = record.nextFireDate
    }

    init(_ stored: StoredPendingRecord) {
        identifier = stored.identifier
        isLocationTriggered = stored.isLocationTriggered
        body = .encoded(stored.encoded)
        scheduledAt = stored.scheduledAt
        nextFireDate = stored.nextFireDate
    }

    /// Whether the trigger repeats (a stored request is decoded for it: asked when it fires).
    var repeats: Bool {
        switch body {
        case .decoded(let request): return request.trigger?.repeats == true
        case .encoded(let encoded):
            return encoded.decode(bundleIdentifier: "", identifier: identifier, scheduledAt: scheduledAt,
                                  nextFireDate: nextFireDate).request.trigger?.repeats == true
        }
    }

    /// The full record, for the app `bundleIdentifier`. Consuming: a row that is not used
    /// afterwards gives its request away instead of retaining it.
    consuming func record(bundleIdentifier: String) -> PendingRecord {
        switch body {
        case .decoded(let request):
            return PendingRecord(bundleIdentifier: bundleIdentifier, request: request, scheduledAt: scheduledAt,
                                 nextFireDate: nextFireDate)
        case .encoded(let encoded):
            var record = encoded.decode(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                        scheduledAt: scheduledAt, nextFireDate: nextFireDate)
            record.bundleIdentifier = bundleIdentifier
            return record
        }
    }
}
