/// The ids every one of several `SearchRowSet`s holds, newest (highest) first, found as they
/// are asked for: a page stops the walk early.
///
/// When one set is a list, its ids are walked from the top and looked up in the others (a bit
/// test, or a binary search in another list). When all are bitmaps, their words are joined
/// with AND from the top, 64 ids an operation: eight words that no row holds together, each in
/// a third of a million rows, are proved apart in about 16,000 words a set instead of FTS5's
/// reading of 1.9 million doclist entries.
///
/// ```swift
/// var matches = SearchRowSetIntersection([urgent, meeting], above: 0, through: mark)
/// while let id = matches.next() { ... }
/// ```
struct SearchRowSetIntersection: IteratorProtocol {
    private let others: [SearchRowSet]
    /// The list walked when one set is a list (the shortest), from `listIndex` down.
    private let list: [Int64]
    private var listIndex: Int
    /// The bitmaps joined when every set is one, from word `wordIndex` (id / 64) down to
    /// `lowestWord`.
    private let bitmaps: [(words: [UInt64], base: Int)]
    private var wordIndex: Int
    private let lowestWord: Int
    /// The joined word being emitted, highest bit first, and its index.
    private var word: UInt64 = 0
    private var currentWord = 0
    /// The ids walked: above `above`, up to `through`.
    private let above: Int64
    private let through: Int64

    /// The intersection of `sets` (at least one) among the ids above `above` up to `through`.
    init(_ sets: [SearchRowSet], above: Int64, through: Int64) {
        self.above = above
        self.through = through
        var ordered = sets.sorted { $0.count < $1.count }
        guard let shortest = ordered.first, shortest.count > 0, above < through else {
            list = []
            listIndex = -1
            others = []
            bitmaps = []
            wordIndex = -1
            lowestWord = 0
            return
        }
        if let index = ordered.firstIndex(where: { $0.sortedIDs != nil }), let sorted = ordered[index].sortedIDs {
            // The last id up to `through`, and down from there.
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= through { low = middle + 1 } else { high = middle }
            }
            ordered.remove(at: index)
            list = sorted
            listIndex = low - 1
            others = ordered
            bitmaps = []
            wordIndex = -1
            lowestWord = 0
        } else {
            let maps = ordered.compactMap(\.bitmap)
            list = []
            listIndex = -1
            others = []
            bitmaps = maps
            // Only the words every bitmap has can hold a common id.
            wordIndex = min(maps.map { $0.base + $0.words.count - 1 }.min() ?? -1, Int(through >> 6))
            lowestWord = max(maps.map(\.base).max() ?? 0, Int(above >> 6))
        }
    }

    mutating func next() -> Int64? {
        if bitmaps.isEmpty {
            while listIndex >= 0 {
                let id = list[listIndex]
                listIndex -= 1
                guard id > above else {
                    listIndex = -1
                    return nil
                }
                if others.allSatisfy({ $0.contains(id) }) { return id }
            }
            return nil
        }
        while true {
            if word != 0 {
                let bit = 63 - word.leadingZeroBitCount
                word &= ~(1 << UInt64(bit))
                let id = Int64(currentWord) << 6 | Int64(bit)
                if id > through { continue }
                return id > above ? id : nil
            }
            guard wordIndex >= lowestWord else { return nil }
            var joined = UInt64.max
            for bitmap in bitmaps {
                joined &= bitmap.words[wordIndex - bitmap.base]
                if joined == 0 { break }
            }
            word = joined
            currentWord = wordIndex
            wordIndex -= 1
        }
    }
}
