/// One app's part of the in-memory store: its pending requests and its history (delivery ids
/// and list entries), under one key, so that a fire finds both with one lookup
/// (`InMemoryStore.insertReplacing`). An app with neither has empty ones.
struct InMemoryAppTables {
    /// The app's pending requests.
    var pending = IdentifiedRows<PendingRow>()
    /// The app's delivery ids and list membership.
    var history = AppHistory()

    /// A fire's first step, in place (`tables.values[index].fire(…)`: reading a field through the
    /// dictionary's values would copy both tables out): takes the request's pending row out, when
    /// asked, and says whether a delivery of the same identifier is still listed.
    /// The identifier comes hashed: the fire looks it up here twice and again to list the delivery.
    mutating func fire(_ identifier: HashedIdentifier, removingPending: Bool) -> (removed: PendingRow?, isListed: Bool) {
        let removed = removingPending ? pending.remove(identifier) : nil
        return (removed, history.isListed(identifier))
    }
}
