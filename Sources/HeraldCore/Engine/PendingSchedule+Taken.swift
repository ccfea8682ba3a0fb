extension PendingSchedule {
    /// A request as a fire took it from the schedule. Its pending row is written after the
    /// delivery has awaited the app, and the app may have replaced or removed the request
    /// meanwhile (writing the row itself): `stillHolds` tells whether the row is still the fire's.
    struct Taken {
        /// The app's and the row's numbers.
        var app: Int
        var row: Int
        /// A repeating request: the heap sequence of its move to the next date (any later change of
        /// the row gives it another); `nil` for a one-shot request, which left the schedule.
        var sequence: UInt64?
        /// `PendingSchedule.insertions` when it was taken.
        var insertions: UInt64
    }

    /// Whether the pending row of the request taken as `taken` (with this identifier) is still the
    /// fire's to write: a repeating request is still in the schedule as the fire moved it (not
    /// replaced, not removed); no request was scheduled under a one-shot request's identifier
    /// since (a plain counter compare when none was scheduled at all).
    func stillHolds(_ taken: Taken, identifier: String) -> Bool {
        if let sequence = taken.sequence { return isLive(row: taken.row, app: taken.app, sequence: sequence) }
        return insertions == taken.insertions || !holds(app: taken.app, identifier: identifier)
    }
}
