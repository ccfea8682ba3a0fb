/// What firing does to a request's pending row, written in the same store transaction as its
/// delivery (`NotificationEngine.deliver(_:bundleIdentifier:ownsAttachments:firing:)`), so a
/// daemon killed at any instant leaves each fired request either still pending (it fires at the
/// next start) or delivered — never neither, never twice.
///
/// The delivery may await the app first; a request it replaced or removed meanwhile has had its
/// row written by that change, and the fire writes nothing to it (`NotificationEngine.stillHeld`).
enum FiredPendingWrite {
    /// A one-shot request: its row leaves the pending table.
    case remove(PendingSchedule.Taken)
    /// A repeating request: its row moves to the next fire date.
    case reschedule(PendingRecord, PendingSchedule.Taken)
    /// Nothing: the request was replaced or removed since it fired.
    case leave

    /// Writes the change for `request` of `bundleIdentifier` (inside the caller's transaction).
    func apply(to store: any NotificationStore, request: RequestRecord, bundleIdentifier: String) throws {
        switch self {
        case .remove: try store.removePending(bundleIdentifier: bundleIdentifier, identifier: request.identifier)
        case .reschedule(let record, _): try store.savePending(record)
        case .leave: break
        }
    }

    /// Stores the delivery of the fired request, replacing what is listed under its identifier,
    /// with the change to its pending row in the same transaction (`insertReplacing`).
    func insert(_ record: DeliveredRecord, into store: any NotificationStore) throws -> ReplacingInsert {
        switch self {
        case .remove:
            return try store.insertReplacing(record, removingPending: true, alongside: nil)
        case .reschedule(let row, _):
            return try store.insertReplacing(record, removingPending: false, alongside: { try store.savePending(row) })
        case .leave:
            return try store.insertReplacing(record, removingPending: false, alongside: nil)
        }
    }

    /// Whether it writes to the pending row.
    var writesPending: Bool {
        if case .leave = self { return false }
        return true
    }
}
