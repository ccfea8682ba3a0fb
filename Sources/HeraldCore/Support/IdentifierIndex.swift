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
        probe(hash: Self.hash(identifier), isMatch: isMatch)
    }

    /// `probe(_:isMatch:)` of an identifier whose `hash` is already known (`HashedIdentifier`).
    func probe(hash: UInt32, isMatch: (Int) -> Bool) -> Probe {
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

    // MARK: Hashing

    /// Per-process random keys of `hash` (a table's layout must not be predictable from outside).
    private static let seeds: (UInt64, UInt64) = (.random(in: .min ... .max), .random(in: .min ... .max))

    /// 32 bits of a seeded hash of `identifier`, consistent with `==` (canonical equivalence).
    ///
    /// Identifiers are ASCII in practice; their bytes are hashed eight at a time with a
    /// multiply-and-fold step (a few dozen instructions for a short identifier, against ~230 for
    /// `String.hashValue`'s SipHash). A string that `==` an ASCII string — one whose only
    /// non-ASCII scalars are the three that normalize to ASCII (KELVIN SIGN, GREEK QUESTION
    /// MARK, GREEK VARIA) — is hashed as that ASCII string; every other string takes
    /// `String.hashValue`, which hashes the normalized form, so equal strings always hash alike.
    static func hash(_ identifier: String) -> UInt32 {
        if let hash = identifier.utf8.withContiguousStorageIfAvailable({ asciiHash($0) }) ?? nil {
            return hash
        }
        var ascii: [UInt8] = []
        for scalar in identifier.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: ascii.append(UInt8(scalar.value))
            case 0x212A: ascii.append(UInt8(ascii: "K"))
            case 0x037E: ascii.append(UInt8(ascii: ";"))
            case 0x1FEF: ascii.append(UInt8(ascii: "`"))
            default: return UInt32(truncatingIfNeeded: identifier.hashValue)
            }
        }
        return ascii.withUnsafeBufferPointer { asciiHash($0) } ?? UInt32(truncatingIfNeeded: identifier.hashValue)
    }

    /// The hash of ASCII bytes; `nil` when a byte is not ASCII.
    private static func asciiHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let (seed, key) = seeds
        let count = bytes.count
        var state = seed ^ UInt64(truncatingIfNeeded: count)
        var nonASCII: UInt64 = 0
        if let base = bytes.baseAddress {   // (none when empty: then only the final step)
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while count &- offset >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                nonASCII |= word
                state = fold(word ^ key, state ^ 0x9E37_79B9_7F4A_7C15)
                offset &+= 8
            }
            if offset < count {
                // The last 1…7 bytes, copied into a zeroed word (one copy, not a loop over bytes).
                var word: UInt64 = 0
                withUnsafeMutableBytes(of: &word) {
                    $0.baseAddress!.copyMemory(from: raw + offset, byteCount: count &- offset)
                }
                nonASCII |= word
                state = fold(word ^ key, state ^ 0x9E37_79B9_7F4A_7C15)
            }
        }
        guard nonASCII & 0x8080_8080_8080_8080 == 0 else { return nil }
        state = fold(state ^ 0xA076_1D64_78BD_642F, key ^ 0xE703_7ED1_A0B4_28DB)
        return UInt32(truncatingIfNeeded: state ^ state >> 32)
    }

    /// The 128-bit product of `a` and `b`, its halves xor-ed together.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
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
