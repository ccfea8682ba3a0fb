/// A connection's prepared statements by SQL text, found without hashing the text when it can be.
///
/// Nearly every statement Herald runs is a string literal or a `static let`: the same text at the
/// same address on every call. Hashing a few hundred bytes of SQL for every statement of every
/// post was a tenth of the daemon's own (non-SQLite) work per post, so the cache looks a text up
/// first in a slot chosen by the address of its UTF-8 (no hashing), and confirms the hit by
/// comparing the text itself — `==` of the same string is at once, of an equal copy a `memcmp`.
/// A text not in its slot (another text's address mapped there, or a text made afresh on each
/// call: an interpolation) is found by its contents in a dictionary and takes the slot, so the
/// cache never grows past its statements.
///
/// Texts of 15 bytes or fewer (`COMMIT`, `BEGIN IMMEDIATE`) live inside the `String` value and
/// have no address of their own: the few there are are compared in turn.
struct StatementCache {
    /// Slots by address (direct-mapped: a text's slot is a function of its address).
    private static let slotCount = 128
    private var addresses = [UInt](repeating: 0, count: slotCount)
    private var placed = [Statement?](repeating: nil, count: slotCount)
    /// The statements of short texts (a handful: transaction control), compared in turn.
    private var short: [Statement] = []
    private var byText: [String: Statement] = [:]

    /// How many statements it holds.
    var count: Int { byText.count }

    /// The statement prepared for `sql`, or `nil`.
    mutating func statement(for sql: String) -> Statement? {
        guard let address = Self.address(of: sql) else {
            for statement in short where statement.sql == sql { return statement }
            return nil
        }
        let slot = Self.slot(address)
        if addresses[slot] == address, let statement = placed[slot], statement.sql == sql { return statement }
        guard let statement = byText[sql] else { return nil }
        addresses[slot] = address
        placed[slot] = statement
        return statement
    }

    /// Keeps `statement` under its text.
    mutating func insert(_ statement: Statement) {
        byText[statement.sql] = statement
        if let address = Self.address(of: statement.sql) {
            let slot = Self.slot(address)
            addresses[slot] = address
            placed[slot] = statement
        } else {
            short.append(statement)
        }
    }

    /// Drops every statement (they are finalized as the last reference goes).
    mutating func removeAll() {
        for slot in placed.indices {
            addresses[slot] = 0
            placed[slot] = nil
        }
        short.removeAll()
        byText.removeAll()
    }

    private static func slot(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (address >> 4) ^ (address >> 11)) & (slotCount - 1)
    }

    /// Where `sql`'s UTF-8 lives, for a text with storage of its own (more than 15 bytes).
    private static func address(of sql: String) -> UInt? {
        guard sql.utf8.count > 15 else { return nil }
        return sql.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { UInt(bitPattern: $0) }
        } ?? nil
    }
}
