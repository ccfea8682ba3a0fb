import Foundation

extension PendingSchedule {
    /// A request that fired, and its next fire date when it repeats (and stays pending).
    struct Fired {
        var record: PendingRecord
        var nextFireDate: Date?
        /// The app's number in the schedule (`bundles(of:)`).
        var app: Int
        /// Which request was taken, for its pending write (`stillHolds`).
        var taken: Taken

        /// A repeating request with attachments: it keeps its files pending, and its delivery copies
        /// them (`FilesHeldByFires` holds them until then).
        var holdsFiles: Bool { nextFireDate != nil && !record.request.content.attachments.isEmpty }

        /// The request's key in the pending list.
        var key: PendingKey {
            PendingKey(bundleIdentifier: record.bundleIdentifier, identifier: record.request.identifier)
        }

        /// The pending record after firing, for a request that repeats.
        var rescheduled: PendingRecord? {
            nextFireDate.map { next in
                var rescheduled = record
                rescheduled.nextFireDate = next
                return rescheduled
            }
        }
    }

    /// A request as a fire took it from the schedule. Its pending row is written after the
    /// delivery has awaited the app, and the app may have replaced or removed the request
    /// meanwhile (writing the row itself): `stillHolds` tells whether the row is still the fire's.
    /// Plain numbers, copied without retaining anything.
    struct Taken {
        /// The app's and the row's numbers.
        var app: UInt32
        var row: UInt32
        /// A repeating request: the heap sequence of its move to the next date (any later change of
        /// the row gives it another; sequences start at 1). 0: a one-shot request, which left the
        /// schedule.
        var sequence: UInt64
        /// `PendingSchedule.changes` right after it was taken.
        var changes: UInt64
    }

    /// Whether the pending row of the request taken as `taken` (with this identifier) is still the
    /// fire's to write: nothing changed in the schedule since (the usual case: one compare), or a
    /// repeating request is still in it as the fire moved it (not replaced, not removed, not taken
    /// again), or no request was scheduled under a one-shot request's identifier since.
    ///
    /// `mutating` though it changes nothing: the engine then asks its schedule in place (a
    /// non-mutating call on an actor's stored property copies the whole schedule first).
    mutating func stillHolds(_ taken: Taken, identifier: String) -> Bool {
        if changes == taken.changes { return true }
        if taken.sequence != 0 { return isLive(row: Int(taken.row), app: Int(taken.app), sequence: taken.sequence) }
        return !holds(app: Int(taken.app), identifier: identifier)
    }
}
