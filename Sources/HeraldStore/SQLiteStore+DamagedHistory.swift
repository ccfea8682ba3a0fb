import Foundation
import HeraldCore

/// History around damaged pages: what can still be read is served, and what cannot is said.
///
/// A history page whose query meets a damaged page (`StoreError.corrupt`) is read again one row
/// at a time. Its ids come from wherever they can still be found: the page's own query (the
/// damage was in a row, not in the way to it), the search index alone for a search (its rowids
/// are the deliveries' ids, the app's token narrows them, each row's app is checked), the app index for a page of one app or all.
/// When none can be read (a file cut short loses the ends of every tree), the ids are walked
/// down from the highest one given out, each row looked up by itself: the readable ones that
/// match are served, and each run of rows that cannot be read is one placeholder that names the
/// run (`UnreadableDelivery`). A search needs its index: when that cannot be read either, the
/// search fails, saying so.
extension SQLiteStore {
    /// What looking up one history row found.
    private enum RowRead {
        /// No row with that id (deleted, or never given out).
        case absent
        /// The row (or its placeholder, when only its record cannot be decoded).
        case row(DeliveredRecord)
        /// The way to the row is damaged; SQLite's reason.
        case unreadable(String)
    }

    /// The page `query` asks for, read around the damage its query met (`damage`).
    func historyAroundDamage(_ query: HistoryQuery, page: String, bounds: [SQLValue],
                             damage: StoreError) throws -> [DeliveredRecord] {
        // An index of a file cut short can end early instead of failing: a short page of ids
        // is checked by walking (a search has nothing else to go by).
        if let ids = try pageIDs(query, page: page, bounds: bounds), ids.count == query.limit || query.search != nil {
            return try ids.compactMap { id in
                switch try readRow(id) {
                case .absent: return nil
                case .row(let record):
                    // The search index's rows of an app are checked by their row, like the page's own query.
                    let inApp = query.bundleIdentifier.map { $0 == record.bundleIdentifier } ?? true
                    return !inApp || (query.unreadOnly && record.isRead) ? nil : record
                case .unreadable(let reason): return UnreadableDelivery.placeholder(deliveryID: id, reason: reason)
                }
            }
        }
        guard query.search == nil else {
            // Its own index cannot answer it: walking the rows would serve them unsearched.
            guard case .corrupt(let path, let reason) = damage else { throw damage }
            throw StoreError.corrupt(path: path, reason: "the search index cannot be read around the damage (\(reason)); "
                                     + "history without a search still lists what can be read")
        }
        return try walkedPage(query, damage: damage)
    }

    /// A count that met damage, for a page of one app or all: from the app index (which holds
    /// every row's app and id). A search is counted by its index already, an unread count needs
    /// the rows: those throw `damage`.
    func historyCountAroundDamage(_ query: HistoryQuery, damage: StoreError) throws -> Int {
        guard query.search == nil, !query.unreadOnly, query.deliveryIDs == nil else { throw damage }
        let app = query.bundleIdentifier.map { [SQLValue.text($0)] } ?? []
        return Int(try read {
            try connection.integer("SELECT count(*) FROM delivered INDEXED BY delivered_app"
                                   + (app.isEmpty ? "" : " WHERE bundle_id = ?1"), app)
        } ?? 0)
    }

    /// The ids of the page from its own query, the search index or the app index; `nil` when
    /// none of them can be read (or none answers this query).
    private func pageIDs(_ query: HistoryQuery, page: String, bounds: [SQLValue]) throws -> [Int64]? {
        do {
            return try read { try connection.query("SELECT delivered.id \(page)", bounds) { $0.int64(0) } }
        } catch StoreError.corrupt {}
        let window: [SQLValue] = [SQLValue(max(0, query.limit)), SQLValue(max(0, query.offset))]
        do {
            if let search = query.search {
                // An unread search filters the rows once read (the page may come out shorter).
                guard let expression = try searchMatch(search, bundleIdentifier: query.bundleIdentifier) else { return [] }
                return try read {
                    try connection.query("""
                        SELECT rowid FROM delivered_fts WHERE delivered_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?2 OFFSET ?3
                        """, [.text(expression)] + window) { $0.int64(0) }
                }
            }
            guard !query.unreadOnly, query.deliveryIDs == nil else { return nil }
            let app = query.bundleIdentifier.map { [SQLValue.text($0)] } ?? []
            let filter = app.isEmpty ? "" : "WHERE bundle_id = ?1"
            let sql = "SELECT id FROM delivered INDEXED BY delivered_app \(filter) ORDER BY id DESC "
                + "LIMIT ?\(app.count + 1) OFFSET ?\(app.count + 2)"
            return try read { try connection.query(sql, app + window) { $0.int64(0) } }
        } catch StoreError.corrupt {
            return nil
        }
    }

    /// The page found by looking up ids one by one, from the highest given out down (or the
    /// query's own ids), until the page is full, the ids run out or the read deadline passes.
    private func walkedPage(_ query: HistoryQuery, damage: StoreError) throws -> [DeliveredRecord] {
        let candidates: AnyIterator<Int64>
        if let ids = query.deliveryIDs {
            candidates = AnyIterator(ids.sorted(by: >).makeIterator())
        } else if let top = highestDeliveryID() {
            candidates = AnyIterator(stride(from: top, to: 0, by: -1).makeIterator())
        } else {
            throw damage
        }
        let deadline = Date().addingTimeInterval(HistoryQuery.readDeadline)
        let unfiltered = query.bundleIdentifier == nil && !query.unreadOnly
        var page: [DeliveredRecord] = []
        var skipped = 0
        /// A run of unreadable rows not yet shown: its highest and lowest ids, and why.
        var run: (top: Int64, bottom: Int64, reason: String)?
        func add(_ record: DeliveredRecord) {
            if skipped < query.offset { skipped += 1 } else if page.count < query.limit { page.append(record) }
        }
        func endRun() {
            guard let unreadable = run else { return }
            run = nil
            add(UnreadableDelivery.placeholder(rows: unreadable.bottom...unreadable.top, reason: unreadable.reason))
        }
        while let id = candidates.next() {
            guard page.count < query.limit else { break }
            guard Date() < deadline else { throw StoreError.timedOut(path: databaseURL.path, seconds: HistoryQuery.readDeadline) }
            switch try readRow(id) {
            case .absent:
                continue
            case .row(let record):
                guard query.bundleIdentifier.map({ $0 == record.bundleIdentifier }) ?? true,
                      !query.unreadOnly || !record.isRead else { continue }
                endRun()
                add(record)
            case .unreadable(let reason):
                // Whose it is cannot be told: a page of one app, or of unread ones, leaves it out.
                guard unfiltered else { continue }
                run = (run?.top ?? id, id, run?.reason ?? reason)
            }
        }
        endRun()
        return page
    }

    /// One row by its id (`decodeDeliveredOrPlaceholder`: a record that cannot be decoded is a
    /// placeholder with the columns that can).
    private func readRow(_ id: Int64) throws -> RowRead {
        do {
            let record = try read {
                try connection.queryFirst("SELECT \(Self.deliveredColumns) FROM delivered WHERE id = ?1",
                                          [.integer(id)], decodeDeliveredOrPlaceholder)
            }
            return record.map(RowRead.row) ?? .absent
        } catch let error as StoreError {
            guard case .corrupt(_, let reason) = error else { throw error }
            return .unreadable(reason)
        }
    }

    /// The highest delivery id any readable part of the file knows of: the table's own end, the
    /// mark of ids given out, the search index's mark and its highest row, the app index.
    private func highestDeliveryID() -> Int64? {
        let sources = ["SELECT max(id) FROM delivered", "SELECT issued_through FROM delivered_ids",
                       "SELECT indexed_through FROM search_index", "SELECT max(rowid) FROM delivered_fts",
                       "SELECT max(id) FROM delivered INDEXED BY delivered_app"]
        return sources.compactMap { sql in (try? read { try connection.integer(sql) }) ?? nil }.filter { $0 > 0 }.max()
    }
}
