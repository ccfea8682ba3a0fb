import Foundation

/// Strings in UTF-8 byte order: the order of `JSONEncoder`'s `sortedKeys`, and a cheap,
/// deterministic order for names a user reads. One `memcmp` where both strings hold their bytes
/// contiguously, as native strings do; `String`'s own `<` (Unicode canonical ordering) costs
/// several times more per comparison, and a walk of the two `utf8` views more still. For text
/// in Unicode's composed form (what apps and the wire send) both orders agree.
///
/// ```swift
/// UTF8Order.precedes("Mail", "make")   // true: "M" (0x4D) before "m" (0x6D)
/// ```
package enum UTF8Order {
    /// Negative when `lhs` comes first, zero when the bytes are equal, positive otherwise.
    package static func compare(_ lhs: String, _ rhs: String) -> Int {
        let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Int in
                let common = min(left.count, right.count)
                if common > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, common)
                    if order != 0 { return Int(order) }
                }
                return left.count - right.count
            }
        }
        if let contiguous, let order = contiguous { return order }
        if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }

    /// Whether `lhs` comes before `rhs`.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// The positions of `keys` in their UTF-8 order (of equal keys, the earlier first). Each
    /// key's bytes are copied once into one buffer and compared there: a sort of strings retains
    /// and releases both at each comparison, which was most of the cost of writing a dictionary
    /// of a hundred apps.
    package static func sortedPositions<Keys: Collection<String>>(of keys: Keys) -> [Int] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.count * 24)
        // Where each key's bytes are (start, count), by position.
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(keys.count)
        for key in keys {
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            spans.append((start, bytes.count - start))
        }
        var positions = Array(spans.indices)
        guard positions.count > 1 else { return positions }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }   // every key empty
            spans.withUnsafeBufferPointer { spans in
                positions.sort { left, right in
                    let l = spans[left], r = spans[right]
                    let common = min(l.count, r.count)
                    if common > 0 {
                        let order = memcmp(base + l.start, base + r.start, common)
                        if order != 0 { return order < 0 }
                    }
                    return l.count != r.count ? l.count < r.count : left < right
                }
            }
        }
        return positions
    }
}

