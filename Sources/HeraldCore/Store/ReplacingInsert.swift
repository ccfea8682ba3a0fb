/// What `NotificationStore.insertReplacing(_:removingPending:alongside:)` did: the delivery as
/// stored (with its new `deliveryID`) and the deliveries it replaced (those that were still
/// listed under its request identifier in its app, newest first).
public struct ReplacingInsert: Sendable {
    /// The stored delivery.
    public var stored: DeliveredRecord
    /// The deliveries it replaced, now deleted from history.
    public var replaced: [DeliveredRecord]

    /// A result of `insertReplacing`.
    public init(stored: DeliveredRecord, replaced: [DeliveredRecord]) {
        self.stored = stored
        self.replaced = replaced
    }
}

extension NotificationStore {
    /// `insertReplacing` as a `batch` of the separate calls: `removePending` (when
    /// `removingPending`), `alongside`, `deliveredInList`, `deleteDelivered` of what is listed and
    /// `insertDelivered`. The default, and what a store may fall back to.
    public func insertReplacingInBatch(_ record: DeliveredRecord, removingPending: Bool,
                                       alongside: (() throws -> Void)?) throws -> ReplacingInsert {
        try batch {
            let bundleIdentifier = record.bundleIdentifier
            let identifier = record.identifier
            if removingPending { try removePending(bundleIdentifier: bundleIdentifier, identifier: identifier) }
            try alongside?()
            let old = try deliveredInList(bundleIdentifier: bundleIdentifier, identifier: identifier)
            if !old.isEmpty { try deleteDelivered(ids: old.map(\.deliveryID)) }
            return ReplacingInsert(stored: try insertDelivered(record), replaced: old)
        }
    }

    /// By default `insertReplacingInBatch`.
    public func insertReplacing(_ record: DeliveredRecord, removingPending: Bool,
                                alongside: (() throws -> Void)?) throws -> ReplacingInsert {
        try insertReplacingInBatch(record, removingPending: removingPending, alongside: alongside)
    }
}
