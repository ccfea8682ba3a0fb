extension InMemoryStore {
    /// Removes the pending row, deletes the listed deliveries it replaces and stores `record`
    /// under one lock: each write journalled when a batch is open, and nothing in between can
    /// fail, so alone it is atomic without a batch of its own. With `alongside`, a `batch` around
    /// it and that.
    public func insertReplacing(_ record: DeliveredRecord, removingPending: Bool,
                                alongside: (() throws -> Void)?) throws -> ReplacingInsert {
        if let alongside {
            return try batch {
                try alongside()
                return insertReplacingUnderLock(record, removingPending: removingPending)
            }
        }
        return insertReplacingUnderLock(record, removingPending: removingPending)
    }

    private func insertReplacingUnderLock(_ record: DeliveredRecord, removingPending: Bool) -> ReplacingInsert {
        let result = state.withLock { state -> ReplacingInsert in
            let bundleIdentifier = record.bundleIdentifier
            let identifier = record.identifier
            if removingPending, let table = state.pending.index(forKey: bundleIdentifier),
               let row = state.pending.values[table].remove(identifier) {
                state.journal(.pendingRemoved(bundleIdentifier: bundleIdentifier, row: row))
            }
            // The app's history is found once for the check and the insert (`add` finds it again).
            var history = state.histories.index(forKey: bundleIdentifier)
            var old: [DeliveredRecord] = []
            if let found = history, state.histories.values[found].isListed(identifier) {
                old = InMemoryStore.listed(identifier, bundleIdentifier: bundleIdentifier, in: state)
                for replaced in old { _ = InMemoryStore.remove(replaced.deliveryID, in: &state) }
                history = state.histories.index(forKey: bundleIdentifier)
            }
            let previousID = state.lastDeliveryID
            state.lastDeliveryID += 1
            var stored = record
            stored.deliveryID = state.lastDeliveryID
            state.delivered.insert(stored)
            if let history {
                state.histories.values[history].record(stored.deliveryID, identifier: identifier,
                                                       isListed: !stored.isRemovedFromList)
            } else {
                state.histories[bundleIdentifier, default: AppHistory()]
                    .record(stored.deliveryID, identifier: identifier, isListed: !stored.isRemovedFromList)
            }
            state.journal(.deliveryAdded(id: stored.deliveryID, previousLastID: previousID))
            return ReplacingInsert(stored: stored, replaced: old)
        }
        if !result.replaced.isEmpty { InMemoryStore.deleteAttachmentFiles(of: result.replaced) }
        return result
    }
}
