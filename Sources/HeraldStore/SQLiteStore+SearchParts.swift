import Foundation
import HeraldCore

/// A search of several parts — whole words, the last word, an app's token — found from each
/// part's rows (`SearchRowSet`) rather than by FTS5's AND.
///
/// FTS5 answers `a AND b AND …` by walking the parts' doclists together until the page is
/// full. When each part is frequent but they are rarely together (eight words, each in 10–100%
/// of a million rows, that no row holds all of) it reads every doclist through — 1.9 million
/// entries, 85 ms of CPU — before it can say there is nothing, on the first page as on any.
/// Here each part's rows are read once into a set and kept (`SearchRowSetCache`: later searches
/// add only the rows indexed since), and the sets are intersected newest first: the same
/// answer takes about 16,000 word ANDs per part.
///
/// Each id of the intersection is checked against its row in `delivered`, in chunks (still
/// there, of the app, unread when asked, among the ids asked for), and the page's rows are read
/// by id: the same rows in the same order as the FTS5 query finds.
///
/// The sets are read newest first, a window of ids at a time (`searchFirstWindow`, then four
/// times the last), only as far back as the page needs: words that often go together fill a
/// page from the newest rows and read little more than FTS5 would; words that never go
/// together read their doclists through once, and then not again.
extension SQLiteStore {
    /// The newest ids whose rows a search of several parts reads first.
    static let searchFirstWindow: Int64 = 16_384

    /// The most ids checked against their rows in one statement.
    static let searchCheckChunk = 4_096

    /// The page of a search of two parts or more; `nil` for a search of one part (FTS5 reads
    /// one doclist lazily, newest first, already) or when the index or the rows cannot be read
    /// this way (damage: the FTS5 query meets it too, and reads around it). `firstWindow`: the
    /// ids read first, when the parts' sets do not cover more.
    func searchPageByParts(_ query: HistoryQuery, firstWindow: Int64 = searchFirstWindow) throws -> [DeliveredRecord]? {
        guard let search = query.search else { return nil }
        do {
            return try read { () -> [DeliveredRecord]? in
                guard let parts = try searchParts(search, bundleIdentifier: query.bundleIdentifier), parts.count > 1 else {
                    return nil
                }
                let through = try connection.integer("SELECT indexed_through FROM search_index") ?? 0
                // As far back as every part's kept set reaches, or the first window if further.
                let covered = parts.map { searchRowSets.coverage(of: $0, through: through) }.max() ?? through
                var window = max(1, firstWindow)
                var above = max(0, min(covered, through - window))
                var candidates = try intersection(of: parts, above: above, through: through, mark: through)
                let ids = try pageIDs(query) { () throws -> Int64? in
                    while true {
                        if let id = candidates.next() { return id }
                        guard above > 0 else { return nil }
                        // Further back: the window before, four times as wide.
                        let upTo = above
                        window *= 4
                        above = max(0, upTo - window)
                        candidates = SearchRowSetIntersection([], above: 0, through: 0)   // lets go of the sets: they grow in place
                        candidates = try intersection(of: parts, above: above, through: upTo, mark: through)
                    }
                }
                guard !ids.isEmpty else { return [] }
                return try connection.query("""
                    SELECT \(Self.deliveredColumns) FROM delivered NOT INDEXED WHERE id IN (SELECT value FROM json_each(?1))
                    ORDER BY +delivered.id DESC
                    """, [.text(Self.jsonList(ids))], decodeDeliveredOrPlaceholder)
            }
        } catch StoreError.corrupt {
            return nil
        }
    }

    /// The most ids holding every part that a count without conditions on rows checks one by
    /// one; past it, FTS5 counts from the index alone.
    static let searchCountCheckLimit = 16_384

    /// The count of a search of two parts or more, from the parts' sets (read whole), each id
    /// checked against its row; `nil` for a search of one part, or when FTS5 counts it for less
    /// (more than `searchCountCheckLimit` ids and no condition on rows: the index alone
    /// answers), or cannot be read this way (damage).
    func searchCountByParts(_ query: HistoryQuery) throws -> Int? {
        guard let search = query.search else { return nil }
        let onRows = query.bundleIdentifier != nil || query.unreadOnly || query.deliveryIDs != nil
        let limit = onRows ? Int.max : Self.searchCountCheckLimit
        do {
            return try read { () -> Int? in
                guard let parts = try searchParts(search, bundleIdentifier: query.bundleIdentifier), parts.count > 1 else {
                    return nil
                }
                let through = try connection.integer("SELECT indexed_through FROM search_index") ?? 0
                var candidates = try intersection(of: parts, above: 0, through: through, mark: through)
                var ids: [Int64] = []
                while let id = candidates.next() {
                    guard ids.count < limit else { return nil }
                    ids.append(id)
                }
                var count = 0
                for start in stride(from: 0, to: ids.count, by: Self.searchCheckChunk) {
                    count += try rowsMeetingQuery(Array(ids[start..<min(start + Self.searchCheckChunk, ids.count)]), query).count
                }
                return count
            }
        } catch StoreError.corrupt {
            return nil
        }
    }

    /// The ids in `(above, through]` every part matches, newest first, from the parts' sets
    /// (read as far as they need to cover those ids, and up to the index's `mark`).
    private func intersection(of parts: [String], above: Int64, through: Int64, mark: Int64) throws -> SearchRowSetIntersection {
        var sets: [SearchRowSet] = []
        for part in parts {
            sets.append(try searchRowSets.rows(of: part, above: above, through: mark) { after, upTo in
                try connection.query("""
                    SELECT rowid FROM delivered_fts WHERE delivered_fts MATCH ?1 AND rowid > ?2 AND rowid <= ?3
                    ORDER BY rowid
                    """, [.text(part), .integer(after), .integer(upTo)]) { $0.int64(0) }
            })
        }
        searchRowSets.trim(keeping: Set(parts))
        return SearchRowSetIntersection(sets, above: above, through: through)
    }

    /// The ids of the page `query` asks for among the candidates `next` gives (newest first),
    /// each checked against its row; chunks grow from the page's size to `searchCheckChunk`.
    private func pageIDs(_ query: HistoryQuery, candidates next: () throws -> Int64?) throws -> [Int64] {
        let limit = max(0, query.limit)
        let offset = max(0, query.offset)
        var page: [Int64] = []
        var found = 0
        var chunkSize = min(max(offset + limit, 64), Self.searchCheckChunk)
        while page.count < limit {
            var chunk: [Int64] = []
            chunk.reserveCapacity(chunkSize)
            while chunk.count < chunkSize, let id = try next() { chunk.append(id) }
            guard !chunk.isEmpty else { break }
            for id in try rowsMeetingQuery(chunk, query) where page.count < limit {
                if found >= offset { page.append(id) }
                found += 1
            }
            chunkSize = min(chunkSize * 2, Self.searchCheckChunk)
        }
        return page
    }

    /// Those of `ids` whose rows are still there and meet `query`'s conditions on a row (app,
    /// read state, ids asked for), highest first.
    private func rowsMeetingQuery(_ ids: [Int64], _ query: HistoryQuery) throws -> [Int64] {
        var values: [SQLValue] = [.text(Self.jsonList(ids))]
        let conditions = rowConditions(query, values: &values)
        // NOT INDEXED: each id looked up by itself, never a walk of the app's index.
        let sql = "SELECT delivered.id FROM delivered NOT INDEXED WHERE delivered.id IN (SELECT value FROM json_each(?1))"
            + conditions.map { " AND " + $0 }.joined()
        return try connection.query(sql, values) { $0.int64(0) }.sorted(by: >)
    }

    /// `ids` as a JSON array, for `json_each` (one bound value, however many ids).
    static func jsonList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
