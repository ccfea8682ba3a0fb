/// A value with a string identifier that is unique in its `IdentifiedRows`.
protocol IdentifiedRow {
    var identifier: String { get }
}

/// Rows with unique identifiers, kept in an array and found by identifier through an
/// `IdentifierIndex`.
///
/// A row keeps its number until it is removed, and a removed row's number is reused by a later
/// insert; so other structures (the schedule's heaps) can refer to a row by number, in 4 bytes,
/// and tell a stale reference by what the row holds. When the last row goes, the memory goes.
struct IdentifiedRows<Row: IdentifiedRow> {
    /// Rows by number (`nil`: vacant).
    private var storage: [Row?] = []
    /// Numbers of removed rows, for reuse.
    private var vacant: [UInt32] = []
    private var index = IdentifierIndex()

    init() {}

    var count: Int { index.count }
    var isEmpty: Bool { index.count == 0 }

    /// The row numbered `number`, or `nil` when there is none (removed, never used).
    func row(at number: Int) -> Row? {
        number < storage.count ? storage[number] : nil
    }

    /// A value read from row `number` (`nil` when there is no such row), for callers that need
    /// one field: read from the borrowed row, without copying it (a copy would retain what the
    /// row refers to — for a row out of cache, a miss per reference).
    func value<Value>(at number: Int, _ part: (borrowing Row) -> Value) -> Value? {
        guard number < storage.count else { return nil }
        return storage[number].map(part)
    }

    /// The row numbered `number`, which must exist.
    subscript(number: Int) -> Row {
        _read { yield storage[number]! }
    }

    /// The number of the row with this identifier.
    func number(of identifier: String) -> Int? {
        probe(identifier).row
    }

    /// The number of the row with this (hashed) identifier.
    func number(of key: HashedIdentifier) -> Int? {
        probe(key).row
    }

    /// The row with this identifier.
    func row(_ identifier: String) -> Row? {
        probe(identifier).row.flatMap { storage[$0] }
    }

    /// Every row with its number, in number order.
    var numbered: [(number: Int, row: Row)] {
        storage.indices.compactMap { number in storage[number].map { (number, $0) } }
    }

    /// Every row, in number order.
    var rows: [Row] { storage.indices.compactMap { storage[$0] } }

    /// Adds `row`, or replaces the row with the same identifier (which keeps its number).
    @discardableResult
    mutating func upsert(_ row: consuming Row) -> (number: Int, replaced: Row?) {
        index.reserveOneMore()
        let found = probe(row.identifier)
        if let number = found.row {
            let replaced = storage[number]
            storage[number] = row
            return (number, replaced)
        }
        return (insert(row, at: found), nil)
    }

    /// Rewrites the row with `identifier` in place, or adds `newRow()` when there is none: one
    /// lookup either way. `body` must not change the identifier.
    mutating func update(_ identifier: String, orAdd newRow: () -> Row, _ body: (inout Row) -> Void) {
        update(HashedIdentifier(identifier), orAdd: newRow, body)
    }

    /// `update(_:orAdd:_:)` of an identifier hashed already.
    mutating func update(_ key: HashedIdentifier, orAdd newRow: () -> Row, _ body: (inout Row) -> Void) {
        index.reserveOneMore()
        let found = probe(key)
        if let number = found.row {
            body(&storage[number]!)
        } else {
            insert(newRow(), at: found)
        }
    }

    /// Rewrites row `number` in place; its identifier must not change.
    mutating func update(at number: Int, _ body: (inout Row) -> Void) {
        body(&storage[number]!)
    }

    /// Removes the row with this identifier and returns it.
    @discardableResult
    mutating func remove(_ identifier: String) -> Row? {
        remove(HashedIdentifier(identifier))
    }

    /// Removes the row with this (hashed) identifier and returns it.
    @discardableResult
    mutating func remove(_ key: HashedIdentifier) -> Row? {
        let found = probe(key)
        guard let number = found.row else { return nil }
        index.remove(at: found)
        return vacate(number)
    }

    /// Removes row `number` (which must exist) and returns it.
    @discardableResult
    mutating func remove(at number: Int) -> Row {
        let found = probe(value(at: number) { $0.identifier }!)
        index.remove(at: found)
        return vacate(number)
    }

    /// Stores a new row where `found` (a missed probe) says, in a vacant place if there is one.
    @discardableResult
    private mutating func insert(_ row: consuming Row, at found: IdentifierIndex.Probe) -> Int {
        let number: Int
        if let reused = vacant.popLast() {
            number = Int(reused)
            storage[number] = row
        } else {
            number = storage.count
            storage.append(row)
        }
        index.insert(number, at: found)
        return number
    }

    private func probe(_ identifier: String) -> IdentifierIndex.Probe {
        index.probe(identifier) { storage[$0]?.identifier == identifier }
    }

    private func probe(_ key: HashedIdentifier) -> IdentifierIndex.Probe {
        index.probe(hash: key.hash) { storage[$0]?.identifier == key.identifier }
    }

    /// Empties place `number`, moving its row out (no copy, so nothing is retained).
    private mutating func vacate(_ number: Int) -> Row {
        let row = storage[number].take()!
        if index.count == 0 {
            storage = []
            vacant = []
        } else {
            vacant.append(UInt32(number))
        }
        return row
    }
}
