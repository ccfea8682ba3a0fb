/// The rows of the search index that match one part of a search (a word, the last word's
/// prefix, an app's token): their ids, which are the deliveries' ids.
///
/// A part held by few rows keeps them as a sorted list; one held by many (more than one id in
/// 64 of the range between its lowest and highest) as a bitmap of that range — 125 KB for a
/// million ids, which `SearchRowSetIntersection` reads 64 ids to an operation.
///
/// ```swift
/// var rows = SearchRowSet(ascending: [3, 9, 12])
/// rows.append(ascending: [40])          // rows indexed since
/// rows.contains(9)                      // true
/// ```
struct SearchRowSet: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        /// Ascending ids.
        case sorted([Int64])
        /// Bit `id % 64` of word `id / 64 - base` is set for each id.
        case bitmap([UInt64], base: Int)
    }

    private var storage: Storage
    /// How many ids the set holds.
    private(set) var count: Int

    /// The set of `ids`, which must be ascending (as FTS5 returns rowids), distinct and not negative.
    init(ascending ids: [Int64]) {
        storage = .sorted([])
        count = 0
        append(ascending: ids)
    }

    /// Adds `ids` (ascending, none held yet): rows indexed since the set was read, or older
    /// rows read later.
    mutating func append(ascending ids: [Int64]) {
        guard let first = ids.first, let last = ids.last else { return }
        count += ids.count
        switch storage {
        case .sorted(var sorted):
            storage = .sorted([])   // one reference to the array: changed in place
            if let held = sorted.last, first <= held {
                sorted = sorted.first.map { last < $0 } == true ? ids + sorted : (sorted + ids).sorted()
            } else {
                sorted += ids
            }
            let span = Int(((sorted.last ?? 0) - (sorted.first ?? 0)) / 64)
            storage = count > span ? Self.bitmap(of: sorted) : .sorted(sorted)
        case .bitmap(var words, var base):
            storage = .sorted([])
            let lowest = Int(first >> 6)
            if lowest < base {
                words.insert(contentsOf: repeatElement(0, count: base - lowest), at: 0)
                base = lowest
            }
            Self.set(ids, in: &words, base: base)
            storage = .bitmap(words, base: base)
        }
    }

    /// Whether `id` is in the set.
    func contains(_ id: Int64) -> Bool {
        switch storage {
        case .sorted(let sorted):
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] == id
        case .bitmap(let words, let base):
            let index = Int(id >> 6) - base
            return id >= 0 && index >= 0 && index < words.count && words[index] & (1 << UInt64(id & 63)) != 0
        }
    }

    /// The bytes the set keeps.
    var byteCount: Int {
        switch storage {
        case .sorted(let sorted): return sorted.count * 8
        case .bitmap(let words, _): return words.count * 8
        }
    }

    /// The ascending ids when kept as a list; `nil` for a bitmap.
    var sortedIDs: [Int64]? {
        if case .sorted(let sorted) = storage { return sorted }
        return nil
    }

    /// The bitmap's words and the index (id / 64) of its first word, when kept as one; `nil` for
    /// a list.
    var bitmap: (words: [UInt64], base: Int)? {
        if case .bitmap(let words, let base) = storage { return (words, base) }
        return nil
    }

    private static func bitmap(of ids: [Int64]) -> Storage {
        let base = Int((ids.first ?? 0) >> 6)
        var words: [UInt64] = []
        set(ids, in: &words, base: base)
        return .bitmap(words, base: base)
    }

    private static func set(_ ids: [Int64], in words: inout [UInt64], base: Int) {
        guard let last = ids.last else { return }
        let needed = Int(last >> 6) - base + 1
        if words.count < needed { words += repeatElement(0, count: needed - words.count) }
        for id in ids { words[Int(id >> 6) - base] |= 1 << UInt64(id & 63) }
    }
}
