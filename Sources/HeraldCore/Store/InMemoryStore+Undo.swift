extension InMemoryStore {
    /// How to undo one write made inside a batch (`InMemoryStore.batch`): the old values it
    /// replaced, as a plain value. A batch's steps go into one array that keeps its capacity, so
    /// journalling a write allocates nothing (a closure per write used to).
    enum UndoStep {
        case app(bundleIdentifier: String, old: AppRecord?)
        /// A pending row was added to the app's table.
        case pendingAdded(bundleIdentifier: String, identifier: String)
        /// A pending row replaced `old` (same identifier).
        case pendingReplaced(bundleIdentifier: String, old: PendingRow)
        case pendingRemoved(bundleIdentifier: String, row: PendingRow)
        /// The app's table was emptied.
        case pendingTable(bundleIdentifier: String, old: IdentifiedRows<PendingRow>)
        case deliveryAdded(id: Int64, previousLastID: Int64)
        case deliveryRemoved(DeliveredRecord, responseIDs: [Int64], responses: [ResponseRecord])
        case deliveryFlags(old: DeliveredRecord)
        case deliveryContent(old: DeliveredRecord)
        case responseAdded(id: Int64, deliveryID: Int64, previousLastID: Int64)
        case responseDeliveredToApp(id: Int64, old: Bool)
        case value(key: String, old: JSONValue?)

        /// Puts back what the write changed (outside a batch: nothing is journalled meanwhile).
        func undo(in state: inout State) {
            switch self {
            case .app(let bundleIdentifier, let old):
                state.apps[bundleIdentifier] = old
            case .pendingAdded(let bundleIdentifier, let identifier):
                state.tables[bundleIdentifier]?.pending.remove(identifier)
            case .pendingReplaced(let bundleIdentifier, let old), .pendingRemoved(let bundleIdentifier, let old):
                state.tables[bundleIdentifier, default: InMemoryAppTables()].pending.upsert(old)
            case .pendingTable(let bundleIdentifier, let old):
                state.tables[bundleIdentifier, default: InMemoryAppTables()].pending = old
            case .deliveryAdded(let id, let previousLastID):
                _ = InMemoryStore.remove(id, in: &state)
                state.lastDeliveryID = previousLastID
            case .deliveryRemoved(let record, let responseIDs, let responses):
                InMemoryStore.add(record, in: &state)
                if !responseIDs.isEmpty { state.responsesByDelivery[record.deliveryID] = responseIDs }
                for response in responses { state.responses[response.responseID] = response }
            case .deliveryFlags(let old):
                InMemoryStore.setFlags(of: old, in: &state)
            case .deliveryContent(let old):
                _ = state.delivered.update(old.deliveryID) { $0.request = old.request }
            case .responseAdded(let id, let deliveryID, let previousLastID):
                state.responses[id] = nil
                state.responsesByDelivery[deliveryID]?.removeAll { $0 == id }
                if state.responsesByDelivery[deliveryID]?.isEmpty == true { state.responsesByDelivery[deliveryID] = nil }
                state.lastResponseID = previousLastID
            case .responseDeliveredToApp(let id, let old):
                state.responses[id]?.isDeliveredToApp = old
            case .value(let key, let old):
                state.values[key] = old
            }
        }
    }
}
