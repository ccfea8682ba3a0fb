import Foundation
import HeraldCore

/// A search of several parts — whole words, the last word, an app — found from each part's
/// rows (`SearchRowSet`) rather than by FTS5's AND.
///
/// FTS5 answers `a AND b AND …` by walking the parts' doclists together until the page is
/// full. When each part is frequent but they are rarely together (eight words, each in 10–100%
/// of a million rows, that no row holds all of) it reads every doclist through — 1.9 million
/// entries, 75 ms of CPU — before it can say there is nothing, on the first page as on any.
/// Here each word's rows are read once into a set and kept (`SearchRowSetCache`: later searches
/// add only the rows indexed since), and the sets are intersected newest first: the same
/// answer takes about 16,000 word ANDs per word.
///
/// An app's ids are read from its index (`delivered_app`, which covers the read state: schema
/// version 8) as they are now, the unread ones alone with `unreadOnly`, so the ids found are
/// rows of the app that are there and meet the query; without an app, each id is checked
/// against `delivered_read_state` (a word's kept set still holds the rows deleted since it was
/// read), and with `unreadOnly` its read state is — a few hundred ids to a page, never a row's
/// page each. The page's rows are then read by id: the same rows in the same order as the FTS5
/// query finds.
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
        let app = query.bundleIdentifier
        do {
            return try read { () -> [DeliveredRecord]? in
                guard let words = try searchParts(search, bundleIdentifier: nil), words.count + (app == nil ? 0 : 1) > 1 else {
                    return nil
                }
                let through = try connection.integer("SELECT indexed_through FROM search_index") ?? 0
                // As far back as every word's kept set reaches, or the first window if further (an
                // app's rows are read a window at a time).
                let covered = app == nil ? words.map { searchRowSets.coverage(of: $0, through: through) }.max() ?? through : through
                var window = max(1, firstWindow)
                var above = max(0, min(covered, through - window))
                var candidates = try intersection(of: words, app: app, unreadOnly: query.unreadOnly, above: above,
                                                  through: through, mark: through)
                let ids = try pageIDs(query, checked: Self.rowsNeedCheck(query)) { () throws -> Int64? in
                    while true {
                        if let id = candidates.next() { return id }
                        guard above > 0 else { return nil }
                        // Further back: the window before, four times as wide.
                        let upTo = above
                        window *= 4
                        above = max(0, upTo - window)
                        candidates = SearchRowSetIntersection([], above: 0, through: 0)   // lets go of the sets: they grow in place
                        candidates = try intersection(of: words, app: app, unreadOnly: query.unreadOnly, above: above,
                                                      through: upTo, mark: through)
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

    /// Whether the ids a search of several parts finds must be checked (`rowsMeetingQuery`): the
    /// words' sets may hold deleted rows, and only an app's index gives the read state with
    /// the ids (its ids are read as they are now, unread ones alone when asked).
    private static func rowsNeedCheck(_ query: HistoryQuery) -> Bool {
        query.bundleIdentifier == nil || query.deliveryIDs != nil
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
        let app = query.bundleIdentifier
        let checked = Self.rowsNeedCheck(query)
        let limit = checked && app == nil && !query.unreadOnly && query.deliveryIDs == nil ? Self.searchCountCheckLimit : Int.max
        do {
            return try read { () -> Int? in
                guard let words = try searchParts(search, bundleIdentifier: nil), words.count + (app == nil ? 0 : 1) > 1 else {
                    return nil
                }
                let through = try connection.integer("SELECT indexed_through FROM search_index") ?? 0
                var candidates = try intersection(of: words, app: app, unreadOnly: query.unreadOnly, above: 0,
                                                  through: through, mark: through)
                var ids: [Int64] = []
                while let id = candidates.next() {
                    guard ids.count < limit else { return nil }
                    ids.append(id)
                }
                guard checked else { return ids.count }
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

    /// The ids in `(above, through]` every word matches, newest first, from the words' sets (read
    /// as far as they need to cover those ids, and up to the index's `mark`), and of `app` when
    /// given (its ids read from its index: rows that are there now, unread ones when
    /// `unreadOnly`).
    private func intersection(of words: [String], app: String?, unreadOnly: Bool, above: Int64, through: Int64,
                              mark: Int64) throws -> SearchRowSetIntersection {
        var sets: [SearchRowSet] = []
        for part in words {
            sets.append(try searchRowSets.rows(of: part, above: above, through: mark) { after, upTo in
                try connection.query("""
                    SELECT rowid FROM delivered_fts WHERE delivered_fts MATCH ?1 AND rowid > ?2 AND rowid <= ?3
                    ORDER BY rowid
                    """, [.text(part), .integer(after), .integer(upTo)]) { $0.int64(0) }
            })
        }
        searchRowSets.trim(keeping: Set(words))
        if let app {
            // A range of `delivered_app`, which holds the read state too: no row is read.
            sets.append(SearchRowSet(ascending: try connection.query("""
                SELECT id FROM delivered INDEXED BY delivered_app
                WHERE bundle_id = ?1 AND id > ?2 AND id <= ?3\(unreadOnly ? " AND is_read = 0" : "") ORDER BY id
                """, [.text(app), .integer(above), .integer(through)]) { $0.int64(0) }))
        }
        return SearchRowSetIntersection(sets, above: above, through: through)
    }

    /// The ids of the page `query` asks for among the candidates `next` gives (newest first),
    /// each checked against its row; chunks grow from the page's size to `searchCheckChunk`.
    private func pageIDs(_ query: HistoryQuery, checked: Bool, candidates next: () throws -> Int64?) throws -> [Int64] {
        let limit = max(0, query.limit)
        let offset = max(0, query.offset)
        var page: [Int64] = []
        var found = 0
        while page.count < limit {
            // As many as the page still needs (a quarter more when checked: some may fail).
            let wanted = offset + limit - found
            let size = min(checked ? wanted + wanted / 4 + 16 : wanted, Self.searchCheckChunk)
            var chunk: [Int64] = []
            while chunk.count < size, let id = try next() { chunk.append(id) }
            guard !chunk.isEmpty else { break }
            for id in checked ? try rowsMeetingQuery(chunk, query) : chunk where page.count < limit {
                if found >= offset { page.append(id) }
                found += 1
            }
        }
        return page
    }

    /// Those of `ids` whose rows are still there and meet `query`'s conditions on a row that the
    /// candidates do not meet already (read state, ids asked for; an app's candidates are its
    /// rows), highest first. From `delivered_read_state` (schema version 8), which holds every id
    /// a search finds (all indexed): no row of `delivered` is read.
    private func rowsMeetingQuery(_ ids: [Int64], _ query: HistoryQuery) throws -> [Int64] {
        var values: [SQLValue] = [.text(Self.jsonList(ids))]
        var sql = "SELECT id FROM delivered_read_state WHERE id IN (SELECT value FROM json_each(?1))"
        if query.unreadOnly { sql += " AND is_read = 0" }
        if let asked = query.deliveryIDs {
            values.append(.text(Self.jsonList(asked)))
            sql += " AND id IN (SELECT value FROM json_each(?2))"
        }
        return try connection.query(sql, values) { $0.int64(0) }.sorted(by: >)
    }

    /// `ids` as a JSON array, for `json_each` (one bound value, however many ids).
    static func jsonList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
