import Foundation

/// A pending request as an app's table keeps it: a `PendingRecord` without the bundle
/// identifier, which the table is filed under (16 bytes a row less, a million rows over). A row
/// read at start (`StoredPendingRecord`) leaves its request in the store, read by key each time
/// it is needed (`StoredPendingSource`).
///
/// The identifier, the trigger kind and whether it repeats are kept beside the request: the
/// tables read them on every lookup (a fire asks whether it repeats), and reading them out of the
/// request (a `switch` over a stored enum) copies the whole request first — retaining each of its
/// fields, objects that a fire of many requests finds out of the cache.
struct PendingRow: IdentifiedRow {
    private enum Request {
        case decoded(RequestRecord, scheduledAt: Date)
        /// In the store: only the identifier, fire date and trigger kind are the row's.
        case stored
    }

    // (In this order the flags take bytes the layout leaves free: a row is no larger for them.)
    let identifier: String
    private var body: Request
    var nextFireDate: Date?
    /// Whether the trigger is a location trigger (known without reading a stored request).
    let isLocationTriggered: Bool
    /// Whether the trigger repeats; `nil` for a stored request (its record says: asked when it fires).
    private(set) var repeats: Bool?

    init(_ record: PendingRecord) {
        identifier = record.request.identifier
        if case .location = record.request.trigger { isLocationTriggered = true } else { isLocationTriggered = false }
        repeats = record.request.trigger?.repeats == true
        body = .decoded(record.request, scheduledAt: record.scheduledAt)
        nextFireDate = record.nextFireDate
    }

    init(_ stored: StoredPendingRecord) {
        identifier = stored.identifier
        isLocationTriggered = stored.isLocationTriggered
        body = .stored
        nextFireDate = stored.nextFireDate
    }

    /// Whether the request is left in the store (read by key when needed).
    var isStored: Bool {
        if case .stored = body { return true }
        return false
    }

    /// Keeps `record`'s request (a stored one, read) in the row from now on; the row's
    /// identifier, fire date and trigger kind stay as they are.
    mutating func keep(_ record: PendingRecord) {
        repeats = record.request.trigger?.repeats == true
        body = .decoded(record.request, scheduledAt: record.scheduledAt)
    }

    /// The full record, for the app `bundleIdentifier`, a stored one read from `source`.
    /// Consuming: a row that is not used afterwards gives its request away instead of retaining it.
    consuming func record(bundleIdentifier: String, source: StoredPendingSource) -> PendingRecord {
        // The request is moved out of the row (a `switch` over `body` would copy it).
        var taken = Request.stored
        swap(&taken, &body)
        switch consume taken {
        case .decoded(let request, let scheduledAt):
            return PendingRecord(bundleIdentifier: bundleIdentifier, request: request, scheduledAt: scheduledAt,
                                 nextFireDate: nextFireDate)
        case .stored:
            return source.record(bundleIdentifier: bundleIdentifier, identifier: identifier, nextFireDate: nextFireDate)
        }
    }
}
