/// What firing does to a request's pending row, written in the same store transaction as its
/// delivery (`NotificationEngine.deliver(_:bundleIdentifier:ownsAttachments:firing:taken:)`), so
/// a daemon killed at any instant leaves each fired request either still pending (it fires at the
/// next start) or delivered — never neither, never twice.
///
/// The delivery may await the app first. A request the app replaced or removed meanwhile had its
/// row written by that change: the fire then writes nothing to it (`PendingSchedule.stillHolds`
/// of the request as the fire took it, asked right before the write).
enum FiredPendingWrite {
    /// A one-shot request: its row leaves the pending table.
    case remove
    /// A repeating request: its row moves to the next fire date.
    case reschedule(PendingRecord)

    /// Writes the change for `request` of `bundleIdentifier` (inside the caller's transaction).
    func apply(to store: any NotificationStore, request: RequestRecord, bundleIdentifier: String) throws {
        switch self {
        case .remove: try store.removePending(bundleIdentifier: bundleIdentifier, identifier: request.identifier)
        case .reschedule(let record): try store.savePending(record)
        }
    }

    /// Stores the delivery of the fired request, replacing what is listed under its identifier,
    /// with the change to its pending row in the same transaction (`insertReplacing`).
    func insert(_ record: DeliveredRecord, into store: any NotificationStore) throws -> ReplacingInsert {
        switch self {
        case .remove:
            return try store.insertReplacing(record, removingPending: true, alongside: nil)
        case .reschedule(let row):
            return try store.insertReplacing(record, removingPending: false, alongside: { try store.savePending(row) })
        }
    }
}
