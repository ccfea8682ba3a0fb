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
            // Hashed once for the three lookups of the app's tables below.
            let key = HashedIdentifier(identifier)
            // The app's tables are found once for the pending row, the check and the insert
            // (`add` finds them again).
            var tables = state.tables.index(forKey: bundleIdentifier)
            var isListed = false
            if let found = tables {
                let fired = state.tables.values[found].fire(key, removingPending: removingPending)
                if let row = fired.removed { state.journal(.pendingRemoved(bundleIdentifier: bundleIdentifier, row: row)) }
                isListed = fired.isListed
            }
            var old: [DeliveredRecord] = []
            if isListed {
                old = InMemoryStore.listed(identifier, bundleIdentifier: bundleIdentifier, in: state)
                for replaced in old { _ = InMemoryStore.remove(replaced.deliveryID, in: &state) }
                tables = state.tables.index(forKey: bundleIdentifier)
            }
            let previousID = state.lastDeliveryID
            state.lastDeliveryID += 1
            var stored = record
            stored.deliveryID = state.lastDeliveryID
            state.delivered.insert(stored)
            if let tables {
                state.tables.values[tables].history.record(stored.deliveryID, identifier: key,
                                                           isListed: !stored.isRemovedFromList)
            } else {
                state.tables[bundleIdentifier, default: InMemoryAppTables()].history
                    .record(stored.deliveryID, identifier: key, isListed: !stored.isRemovedFromList)
            }
            state.journal(.deliveryAdded(id: stored.deliveryID, previousLastID: previousID))
            return ReplacingInsert(stored: stored, replaced: old)
        }
        if !result.replaced.isEmpty { InMemoryStore.deleteAttachmentFiles(of: result.replaced) }
        return result
    }
}
