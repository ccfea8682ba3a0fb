/// An open-addressing hash index from string identifiers to row numbers, for a table that keeps
/// its rows in an array (`IdentifiedRows`).
///
/// The index stores no strings: a bucket is 8 bytes, 32 bits of the identifier's hash and the
/// row number, and the table confirms a match by comparing the identifier in the row. A million
/// identifiers take 16 MB here, against about 40 MB for a `[String: Int32]` (which keeps the
/// 16-byte keys in every one of its 2²¹ buckets).
///
/// Linear probing; a removed entry leaves a tombstone until the next rehash. The load (entries
/// and tombstones) stays at most ¾; a rehash sizes the table to at most ½ full.
///
/// Use: `probe` to find an identifier (or where it would go), then `insert` or `remove` with that
/// probe. Before inserting, `reserveOneMore`, which may move buckets, must precede the probe.
struct IdentifierIndex {
    /// Where an identifier is, or where it would be inserted.
    struct Probe {
        fileprivate let hash: UInt32
        /// The bucket holding the identifier, or the bucket to insert it in; -1 on an empty index.
        fileprivate let bucket: Int
        /// The identifier's row, when it is indexed.
        let row: Int?
    }

    /// `empty`, `tombstone`, or `hash << 32 | (row + 2)`.
    private var buckets: [UInt64] = []
    /// Indexed identifiers.
    private(set) var count = 0
    private var tombstones = 0

    private static let empty: UInt64 = 0
    private static let tombstone: UInt64 = 1
    private static let minimumCapacity = 8

    init() {}

    /// Finds `identifier`; `isMatch(row)` says whether the row holds it (called only for rows
    /// whose hash matches).
    func probe(_ identifier: String, isMatch: (Int) -> Bool) -> Probe {
        let hash = UInt32(truncatingIfNeeded: identifier.hashValue)
        guard !buckets.isEmpty else { return Probe(hash: hash, bucket: -1, row: nil) }
        let mask = buckets.count - 1
        var bucket = Int(hash) & mask
        var firstTombstone: Int?
        while true {
            let value = buckets[bucket]
            if value == Self.empty { return Probe(hash: hash, bucket: firstTombstone ?? bucket, row: nil) }
            if value == Self.tombstone {
                if firstTombstone == nil { firstTombstone = bucket }
            } else if UInt32(truncatingIfNeeded: value >> 32) == hash {
                let row = Int(UInt32(truncatingIfNeeded: value)) - 2
                if isMatch(row) { return Probe(hash: hash, bucket: bucket, row: row) }
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Makes room for one more identifier (rehashing when needed): call before the `probe` of an insert.
    mutating func reserveOneMore() {
        guard (count + tombstones + 1) * 4 > buckets.count * 3 else { return }
        var capacity = Self.minimumCapacity
        while capacity < (count + 1) * 2 { capacity *= 2 }
        rehash(capacity: capacity)
    }

    /// Indexes the probed (absent) identifier at `row`.
    mutating func insert(_ row: Int, at probe: Probe) {
        precondition(probe.row == nil && probe.bucket >= 0, "insert needs a probe that missed, after reserveOneMore")
        if buckets[probe.bucket] == Self.tombstone { tombstones -= 1 }
        buckets[probe.bucket] = UInt64(probe.hash) << 32 | UInt64(row + 2)
        count += 1
    }

    /// Forgets the probed (present) identifier.
    mutating func remove(at probe: Probe) {
        precondition(probe.row != nil, "remove needs a probe that found its identifier")
        count -= 1
        if count == 0 {
            // Empty: give the memory back rather than keep a table of tombstones.
            buckets = []
            tombstones = 0
        } else {
            buckets[probe.bucket] = Self.tombstone
            tombstones += 1
        }
    }

    private mutating func rehash(capacity: Int) {
        let old = buckets
        buckets = Array(repeating: Self.empty, count: capacity)
        tombstones = 0
        let mask = capacity - 1
        for value in old where value != Self.empty && value != Self.tombstone {
            var bucket = Int(truncatingIfNeeded: value >> 32) & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = value
        }
    }
}
