/// The row sets of the search parts asked for lately (`SearchRowSet`), each with the range of ids
/// it covers, so that a search of several parts reads each part's doclist once: later searches
/// add only the rows indexed since (a seek to the end of the doclist), or older ones when a
/// search needs to go further back than any before.
///
/// Why the sets stay right without being rebuilt:
/// - rows enter the index in id order (`search_index.indexed_through` only grows, and every id
///   up to it is indexed), so the rows past a set's mark are all a later read has to add;
/// - a row's text and app are never changed once delivered (only its read and list state and
///   its record), and ids are never reused, so an id in a set never stops or starts matching;
/// - a deleted row stays in the sets: the search takes an app's ids from its index as they are
///   now, and checks every other id against `delivered_read_state` anyway (for its read state,
///   and whether it is still there).
///
/// The sets take at most `byteLimit`; the least recently used go first.
struct SearchRowSetCache {
    /// The most bytes the sets take (32 bitmaps at a million rows).
    static let byteLimit = 4 << 20

    private struct Entry {
        var rows: SearchRowSet
        /// The ids the set covers, `(above, through]`: every matching id among them is in `rows`.
        var above: Int64
        var through: Int64
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var uses: UInt64 = 0
    private var bytes = 0

    /// The lowest id above which the kept set of `part` covers every id up to `through`;
    /// `through` when no such set is kept.
    func coverage(of part: String, through: Int64) -> Int64 {
        guard let entry = entries[part], entry.through <= through else { return through }
        return entry.above
    }

    /// The set of `part` covering the ids `(above, through]` (and maybe more): the kept set with
    /// the ids it lacks read and added — `load(after, upTo)` returns the matching ids in
    /// `(after, upTo]`, ascending —, or one read anew.
    mutating func rows(of part: String, above: Int64, through: Int64,
                       load: (_ after: Int64, _ upTo: Int64) throws -> [Int64]) throws -> SearchRowSet {
        uses += 1
        let none = Entry(rows: SearchRowSet(ascending: []), above: through, through: through, lastUse: 0)
        // Taken out while it changes: the only reference to the set, changed in place.
        var entry = entries.removeValue(forKey: part) ?? none
        bytes -= entry.rows.byteCount
        if entry.through > through { entry = none }   // a newer snapshot's: read anew
        if entry.through < through {
            entry.rows.append(ascending: try load(entry.through, through))
            entry.through = through
        }
        if above < entry.above {
            entry.rows.append(ascending: try load(above, entry.above))
            entry.above = above
        }
        entry.lastUse = uses
        bytes += entry.rows.byteCount
        entries[part] = entry
        return entry.rows
    }

    /// Drops the least recently used sets until the rest fit in `byteLimit`, keeping `parts`
    /// (those of the search in hand).
    mutating func trim(keeping parts: Set<String>) {
        guard bytes > Self.byteLimit else { return }
        for (part, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where !parts.contains(part) {
            entries[part] = nil
            bytes -= entry.rows.byteCount
            if bytes <= Self.byteLimit { return }
        }
    }
}
