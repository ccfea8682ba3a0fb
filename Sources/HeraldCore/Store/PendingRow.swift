import Foundation

/// A pending request as an app's table keeps it: a `PendingRecord` without the bundle
/// identifier, which the table is filed under (16 bytes a row less, a million rows over). A row
/// read at start (`StoredPendingRecord`) keeps its request encoded until it is first needed.
struct PendingRow: IdentifiedRow {
    private enum Request {
        case decoded(RequestRecord)
        /// As the store read it: identifier and trigger kind from its columns.
        case encoded(identifier: String, isLocationTriggered: Bool, EncodedPendingRecord)
    }

    private var body: Request
    var scheduledAt: Date
    var nextFireDate: Date?

    init(_ record: PendingRecord) {
        body = .decoded(record.request)
        scheduledAt = record.scheduledAt
        nextFireDate = record.nextFireDate
    }

    init(_ stored: StoredPendingRecord) {
        body = .encoded(identifier: stored.identifier, isLocationTriggered: stored.isLocationTriggered, stored.encoded)
        scheduledAt = stored.scheduledAt
        nextFireDate = stored.nextFireDate
    }

    var identifier: String {
        switch body {
        case .decoded(let request): return request.identifier
        case .encoded(let identifier, _, _): return identifier
        }
    }

    /// Whether the trigger is a location trigger (without decoding a stored request).
    var isLocationTriggered: Bool {
        switch body {
        case .decoded(let request): if case .location = request.trigger { return true } else { return false }
        case .encoded(_, let isLocationTriggered, _): return isLocationTriggered
        }
    }

    /// Whether the trigger repeats (a stored request is decoded for it: asked when it fires).
    var repeats: Bool {
        switch body {
        case .decoded(let request): return request.trigger?.repeats == true
        case .encoded: return record(bundleIdentifier: "").request.trigger?.repeats == true
        }
    }

    /// The full record, for the app `bundleIdentifier`. Consuming: a row that is not used
    /// afterwards gives its request away instead of retaining it.
    consuming func record(bundleIdentifier: String) -> PendingRecord {
        switch body {
        case .decoded(let request):
            return PendingRecord(bundleIdentifier: bundleIdentifier, request: request, scheduledAt: scheduledAt,
                                 nextFireDate: nextFireDate)
        case .encoded(let identifier, _, let encoded):
            var record = encoded.decode(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                        scheduledAt: scheduledAt, nextFireDate: nextFireDate)
            record.bundleIdentifier = bundleIdentifier
            return record
        }
    }
}
