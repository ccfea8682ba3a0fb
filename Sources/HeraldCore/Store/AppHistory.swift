/// One app's deliveries in the in-memory store: their ids in delivery order, and which ones are
/// still in the Notification Center list, by request identifier.
struct AppHistory {
    /// The deliveries of one request identifier still in the list: almost always one, kept
    /// without an array so listing a delivery allocates nothing.
    struct Listed: IdentifiedRow {
        let identifier: String
        private var first: Int64
        private var others: [Int64] = []

        init(identifier: String, id: Int64) {
            self.identifier = identifier
            self.first = id
        }

        var ids: [Int64] { [first] + others }

        func contains(_ id: Int64) -> Bool { first == id || others.contains(id) }

        mutating func append(_ id: Int64) { others.append(id) }

        /// Removes `id`; `false` when no id is left (the row should go).
        mutating func remove(_ id: Int64) -> Bool {
            if first == id {
                guard !others.isEmpty else { return false }
                first = others.removeFirst()
            } else {
                others.removeAll { $0 == id }
            }
            return true
        }
    }

    /// Delivery ids in delivery (= id) order.
    var ids: [Int64] = []
    var listed = IdentifiedRows<Listed>()

    /// Whether a delivery of `identifier` is still in the list.
    func isListed(_ identifier: String) -> Bool { listed.number(of: identifier) != nil }

    /// `isListed` of an identifier hashed already.
    func isListed(_ key: HashedIdentifier) -> Bool { listed.number(of: key) != nil }

    /// Ids of the deliveries of `identifier` still in the list, oldest first.
    func listedIDs(_ identifier: String) -> [Int64] {
        listed.row(identifier)?.ids ?? []
    }

    /// Adds a delivery (in id order: an append, unless an undo puts an older one back).
    mutating func record(_ id: Int64, identifier: String, isListed: Bool) {
        record(id, identifier: HashedIdentifier(identifier), isListed: isListed)
    }

    /// `record` of an identifier hashed already.
    mutating func record(_ id: Int64, identifier: HashedIdentifier, isListed: Bool) {
        if ids.last.map({ id > $0 }) ?? true {
            ids.append(id)
        } else {
            ids.insert(id, at: ids.partitioningIndex { $0 > id })
        }
        if isListed { list(id, identifier: identifier) }
    }

    /// Removes a delivery, and its list entry.
    mutating func forget(_ id: Int64, identifier: String) {
        ids.removeAll { $0 == id }
        unlist(id, identifier: identifier)
    }

    mutating func list(_ id: Int64, identifier: String) {
        list(id, identifier: HashedIdentifier(identifier))
    }

    mutating func list(_ id: Int64, identifier key: HashedIdentifier) {
        listed.update(key, orAdd: { Listed(identifier: key.identifier, id: id) }) { row in
            if !row.contains(id) { row.append(id) }
        }
    }

    mutating func unlist(_ id: Int64, identifier: String) {
        guard let number = listed.number(of: identifier) else { return }
        var isLeft = true
        listed.update(at: number) { isLeft = $0.remove(id) }
        if !isLeft { listed.remove(at: number) }
    }
}
