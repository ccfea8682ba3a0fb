import Foundation
import HeraldCore

/// Delivered notifications: history, the Notification Center list, full-text search.
///
/// "Newest first" is `deliveryID` descending: ids are the rowids of `delivered`, given out in
/// delivery order, so the first page of a search walks the FTS index backwards and stops after
/// `limit` matches instead of sorting every match.
extension SQLiteStore {
    static let deliveredColumns = "delivered.id, delivered.bundle_id, delivered.is_read, delivered.is_removed, delivered.record, "
        + "delivered.identifier, delivered.date, delivered.title, delivered.subtitle, delivered.body, delivered.presentation"

    /// How every record written before schema version 6 starts (`DeliveredPayload`, sorted keys);
    /// a compact record never has a `date` key.
    static let fullRecordPrefix = Data(#"{"date":"#.utf8)

    func decodeDelivered(_ row: Statement) throws -> DeliveredRecord {
        let id = row.int64(0)
        let json = row.data(4)
        if json.starts(with: Self.fullRecordPrefix) {
            let payload = try coding.decode(DeliveredPayload.self, from: json, table: "delivered", key: "id \(id)")
            return DeliveredRecord(deliveryID: id, bundleIdentifier: row.text(1), request: payload.request,
                                   date: payload.date, presentation: payload.presentation,
                                   isRead: row.bool(2), isRemovedFromList: row.bool(3))
        }
        let compact = try coding.decode(CompactDeliveredRecord.self, from: json, table: "delivered", key: "id \(id)")
        return compact.delivered(columns: DeliveredColumns(
            id: id, bundleIdentifier: row.text(1), identifier: row.text(5), date: row.double(6),
            presentation: UNNotificationPresentationOptions(rawValue: UInt(bitPattern: Int(row.int64(10)))),
            isRead: row.bool(2), isRemovedFromList: row.bool(3), title: row.text(7), subtitle: row.text(8), body: row.text(9)))
    }

    /// `delivered.record` of a delivery (`CompactDeliveredRecord`).
    func recordJSON(_ record: DeliveredRecord) throws -> String {
        try coding.encode(CompactDeliveredRecord(record))
    }

    /// `recordJSON`'s UTF-8, straight from the hand-written codec (no dynamic cast, no `String`):
    /// what an insert binds.
    private func recordBytes(_ record: DeliveredRecord) throws -> [UInt8] {
        let compact = CompactDeliveredRecord(record)
        if let bytes = JSONFastCodec.bytes(compact, dates: RecordCoding.dates) { return bytes }
        return Array(try coding.encode(compact).utf8)
    }

    public func insertDelivered(_ record: DeliveredRecord) throws -> DeliveredRecord {
        let payload = try recordBytes(record)
        return try locked {
            if connection.transactionDepth > 0, record.request.content.attachments.isEmpty,
               try !retentionPassDue(bundleIdentifier: record.bundleIdentifier) {
                // Inside a batch or commit group, one statement (its triggers included) is atomic on
                // its own: no savepoint around it (two statements a row less).
                let stored = try insertDeliveredRow(record, payload: payload)
                noteArrival(bundleIdentifier: record.bundleIdentifier)
                return stored
            }
            return try write {
                let stored = try insertDeliveredRow(record, payload: payload)
                for path in Set(record.request.content.attachments.map(\.path)) {
                    try connection.execute("INSERT INTO attachment_files (delivery_id, path) VALUES (?1, ?2)",
                                           [.integer(stored.deliveryID), .text(path)])
                }
                try applyRetentionOnArrival(bundleIdentifier: record.bundleIdentifier)
                return stored
            }
        }
    }

    /// `insertDelivered`'s row, under the next delivery id (holding `access`, in a write
    /// transaction): each column bound straight from the record, with no array of values.
    private func insertDeliveredRow(_ record: DeliveredRecord, payload: [UInt8]) throws -> DeliveredRecord {
        let id = try nextDeliveryID()
        let content = record.request.content
        let statement = try connection.statement("""
            INSERT INTO delivered (id, bundle_id, identifier, date, presentation, is_read, is_removed,
                                   title, subtitle, body, record)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        // Every parameter is bound (none is optional): nothing of the previous row stays.
        statement.resetKeepingBindings()
        try statement.bind(1, id)
        try statement.bind(2, record.bundleIdentifier)
        try statement.bind(3, record.request.identifier)
        try statement.bind(4, record.date.timeIntervalSince1970)
        try statement.bind(5, Int64(bitPattern: UInt64(record.presentation.rawValue)))
        try statement.bind(6, Int64(record.isRead ? 1 : 0))
        try statement.bind(7, Int64(record.isRemovedFromList ? 1 : 0))
        try statement.bind(8, content.title)
        try statement.bind(9, content.subtitle)
        try statement.bind(10, content.body)
        try statement.bind(11, utf8: payload)
        while try statement.step() {}
        var stored = record
        stored.deliveryID = id
        scheduleSearchIndexing()   // runs later; finds nothing to do if this rolls back
        return stored
    }

    /// The id of the next delivery, inside a write transaction: past the highest id in the table
    /// and past every id deleted from its top (`delivered_ids`, schema version 6), so an id is
    /// never reused — the search indexer's mark, clients and responses rely on that. Read once per
    /// transaction (it holds the write lock), then counted on in memory; a rolled-back savepoint
    /// leaves a gap, which is fine. Counted on in later transactions too while the table is as
    /// this connection left it: the transaction that gave out the last id committed, nothing was
    /// rolled back since (this connection's other writes never add a delivery but through here,
    /// and deletions are remembered in `delivered_ids`), and no other connection has committed
    /// (`PRAGMA data_version`, which this connection's own commits leave as it is) — then it is
    /// what the read would find.
    func nextDeliveryID() throws -> Int64 {
        let serial = connection.transactionSerial
        if let last = lastDeliveryID {
            if last.transaction == serial {
                lastDeliveryID?.id = last.id + 1
                return last.id + 1
            }
            if connection.committedSerial >= last.transaction, last.rollbacks == connection.rollbacks,
               let version = try connection.integer("PRAGMA data_version"), version == last.dataVersion {
                lastDeliveryID = DeliveryIDCount(transaction: serial, id: last.id + 1, dataVersion: version,
                                                 rollbacks: last.rollbacks)
                return last.id + 1
            }
        }
        let version = try connection.integer("PRAGMA data_version")
        let next = try connection.integer("""
            SELECT max(coalesce((SELECT max(id) FROM delivered), 0), (SELECT issued_through FROM delivered_ids)) + 1
            """) ?? 1
        lastDeliveryID = DeliveryIDCount(transaction: serial, id: next, dataVersion: version,
                                         rollbacks: connection.rollbacks)
        return next
    }

    public func updateDelivered(_ record: DeliveredRecord) throws {
        try lockedWrite {
            try connection.execute("UPDATE delivered SET is_read = ?1, is_removed = ?2 WHERE id = ?3",
                                   [SQLValue(record.isRead), SQLValue(record.isRemovedFromList),
                                    .integer(record.deliveryID)])
        }
    }

    public func updateDeliveredContent(_ record: DeliveredRecord) throws {
        let payload = try recordJSON(record)
        try lockedWrite {
            try connection.execute("UPDATE delivered SET record = ?1 WHERE id = ?2", [.text(payload), .integer(record.deliveryID)])
        }
    }

    public func delivered(id: Int64) throws -> DeliveredRecord? {
        try lockedRead {
            try connection.queryFirst("SELECT \(Self.deliveredColumns) FROM delivered WHERE id = ?1",
                                      [.integer(id)], decodeDelivered)
        }
    }

    /// `deliveredInList`'s statement for one identifier, made once (the replacement check of
    /// every delivery runs it: the same text at the same address each time, `StatementCache`).
    /// Unordered: the few rows are put newest first here, which spares SQLite's sorter (set up
    /// and torn down for every delivery, though the check nearly always finds nothing).
    static let listedByIdentifierSQL = """
        SELECT \(deliveredColumns) FROM delivered
        WHERE +bundle_id = ?1 AND is_removed = 0 AND identifier = ?2
        """

    public func deliveredInList(bundleIdentifier: String, identifiers: [String]?) throws -> [DeliveredRecord] {
        if let identifiers, identifiers.isEmpty { return [] }
        return try lockedRead {
            if let identifiers, identifiers.count == 1 {
                // What every delivery asks: one identifier, bound as it is (no JSON array).
                var rows = try connection.query(Self.listedByIdentifierSQL,
                                                [.text(bundleIdentifier), .text(identifiers[0])], decodeDelivered)
                if rows.count > 1 { rows.sort { $0.deliveryID > $1.deliveryID } }
                return rows
            }
            if let identifiers {
                // `+id`: sort the few matches rather than walk the app's whole list in id order
                // (which SQLite would otherwise pick, to skip the sort) — the identifier index
                // finds them directly.
                // `+bundle_id`: the app filters the identifier index's few rows rather than
                // choosing the app's index (a walk of its whole history).
                return try connection.query("""
                    SELECT \(Self.deliveredColumns) FROM delivered
                    WHERE +bundle_id = ?1 AND is_removed = 0 AND identifier IN (SELECT value FROM json_each(?2))
                    ORDER BY +delivered.id DESC
                    """, [.text(bundleIdentifier), .text(try coding.encode(identifiers))], decodeDelivered)
            }
            return try connection.query("""
                SELECT \(Self.deliveredColumns) FROM delivered
                WHERE bundle_id = ?1 AND is_removed = 0 ORDER BY id DESC
                """, [.text(bundleIdentifier)], decodeDelivered)
        }
    }

    /// A page of history. A row that cannot be read (a damaged record, a damaged page) does not
    /// fail the page: it comes back as `UnreadableDelivery`'s placeholder, and the readable rows
    /// around it as they are.
    public func history(_ query: HistoryQuery) throws -> [DeliveredRecord] {
        try locked { try historyHeld(query) }
    }

    /// `history`, holding `access` (`SQLiteHistoryReader` adds a deadline around it).
    func historyHeld(_ query: HistoryQuery) throws -> [DeliveredRecord] {
        guard query.search != nil else { return try historyPage(query) }
        try indexWithoutWaiting()
        // One snapshot: the terms a search's last word stands for and the page read with them.
        return try read { try historyPage(query) }
    }

    private func historyPage(_ query: HistoryQuery) throws -> [DeliveredRecord] {
        // A search of several parts, from the parts' row sets (`SQLiteStore+SearchParts`).
        if query.search != nil, let page = try searchPageByParts(query) { return page }
        let (page, bounds) = try pageStatement(query)
        do {
            return try read {
                try connection.query("SELECT \(Self.deliveredColumns) \(page)", bounds, decodeDeliveredOrPlaceholder)
            }
        } catch let error as StoreError {
            guard case .corrupt = error else { throw error }
            // A damaged page under the query: read around it (`SQLiteStore+DamagedHistory`).
            return try historyAroundDamage(query, page: page, bounds: bounds, damage: error)
        }
    }

    /// The `FROM … OFFSET ?` part of the statement of a page of `query`, and its bound values.
    func pageStatement(_ query: HistoryQuery) throws -> (page: String, bounds: [SQLValue]) {
        let (from, conditions, values, onReadState) = try historyFilter(query)
        let window = "LIMIT ?\(values.count + 1) OFFSET ?\(values.count + 2)"
        let bounds = values + [SQLValue(max(0, query.limit)), SQLValue(max(0, query.offset))]
        if onReadState {
            // The matches before the page are skipped on the read state alone: only the page's rows are read.
            return ("""
                FROM delivered WHERE delivered.id IN (SELECT delivered_fts.rowid FROM \(from) \(conditions)
                ORDER BY delivered_fts.rowid DESC \(window)) ORDER BY delivered.id DESC
                """, bounds)
        }
        let order = from.contains("delivered_fts") ? "delivered_fts.rowid DESC" : "delivered.id DESC"
        return ("FROM \(from) \(conditions) ORDER BY \(order) \(window)", bounds)
    }

    /// `decodeDelivered`, or a placeholder naming the row when its record cannot be decoded.
    func decodeDeliveredOrPlaceholder(_ row: Statement) -> DeliveredRecord {
        do {
            return try decodeDelivered(row)
        } catch {
            return UnreadableDelivery.placeholder(deliveryID: row.int64(0), bundleIdentifier: row.text(1),
                                                  identifier: row.text(5), date: Date(timeIntervalSince1970: row.double(6)),
                                                  title: row.text(7), reason: "\(error)")
        }
    }

    public func historyCount(_ query: HistoryQuery) throws -> Int {
        try locked { try historyCountHeld(query) }
    }

    /// `historyCount`, holding `access`.
    func historyCountHeld(_ query: HistoryQuery) throws -> Int {
        if query.search != nil { try indexWithoutWaiting() }
        do {
            return try exactHistoryCount(query)
        } catch let error as StoreError {
            guard case .corrupt = error else { throw error }
            return try historyCountAroundDamage(query, damage: error)
        }
    }

    private func exactHistoryCount(_ query: HistoryQuery) throws -> Int {
        try read {
            // A search of several parts, from the parts' row sets (`SQLiteStore+SearchParts`).
            if query.search != nil, let count = try searchCountByParts(query) { return count }
            if !query.unreadOnly, query.deliveryIDs == nil, query.bundleIdentifier == nil, let search = query.search,
               let expression = try searchMatch(search, bundleIdentifier: nil) {
                // The index alone answers: no lookup of each match in `delivered`. (Within one app,
                // the index narrows the rows to the app's token, and each is checked by its row.)
                return Int(try connection.integer("SELECT count(*) FROM delivered_fts WHERE delivered_fts MATCH ?1",
                                                  [.text(expression)]) ?? 0)
            }
            let (from, conditions, values, _) = try historyFilter(query)
            return Int(try connection.integer("SELECT count(*) FROM \(from) \(conditions)", values) ?? 0)
        }
    }

    public func unreadCounts() throws -> [String: Int] {
        try lockedRead {
            var counts: [String: Int] = [:]
            // The counters cover the rows through the search index's mark (schema version 6);
            // the rows past it (the last ~200 ms of deliveries, or a read-only store's view of a
            // busy writer) are counted — a rowid range (NOT INDEXED: grouping through the app
            // index would walk all of it).
            _ = try connection.query("""
                SELECT bundle_id, sum(count) FROM (
                    SELECT bundle_id, count FROM unread_counts
                    UNION ALL
                    SELECT bundle_id, count(*) AS count FROM delivered NOT INDEXED
                    WHERE id > (SELECT indexed_through FROM search_index) AND is_read = 0 GROUP BY bundle_id)
                GROUP BY bundle_id HAVING sum(count) > 0
                """) {
                counts[$0.text(0)] = $0.int(1)
            }
            return counts
        }
    }

    public func deleteDelivered(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try lockedWrite { try deleteDeliveries(ids: ids) }
    }

    public func deleteAllDelivered(bundleIdentifier: String?) throws {
        try lockedWrite {
            let ids: [Int64]
            if let bundleIdentifier {
                ids = try connection.query("SELECT id FROM delivered WHERE bundle_id = ?1", [.text(bundleIdentifier)]) {
                    $0.int64(0)
                }
            } else {
                ids = try connection.query("SELECT id FROM delivered") { $0.int64(0) }
            }
            try deleteDeliveries(ids: ids)
        }
    }

    /// The FROM clause, WHERE clause and bound values of a history query, and whether the clauses
    /// read `delivered_read_state` instead of the rows (a search without an app).
    private func historyFilter(_ query: HistoryQuery) throws -> (String, String, [SQLValue], onReadState: Bool) {
        var from = "delivered"
        var table = "delivered"
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let search = query.search,
           let expression = try searchMatch(search, bundleIdentifier: query.bundleIdentifier) {
            // CROSS JOIN keeps the FTS table as the outer loop: rowid order, no sort. With an app,
            // its token narrows the matches in the index and `bundle_id` below checks each row.
            // Without one, every condition left is in `delivered_read_state` (schema version 8),
            // which holds every indexed row a few hundred to a page: no row is read to filter.
            table = query.bundleIdentifier == nil ? "delivered_read_state" : "delivered"
            from = "delivered_fts CROSS JOIN \(table) ON \(table).id = delivered_fts.rowid"
            values.append(.text(expression))
            conditions.append("delivered_fts MATCH ?\(values.count)")
        }
        conditions += rowConditions(query, values: &values, table: table)
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return (from, whereClause, values, table != "delivered")
    }

    /// The conditions of `query` on a row's own columns (app, read state, ids) in `table`
    /// (`delivered`, or `delivered_read_state` when there is no app), numbering the values they
    /// bind after those in `values`.
    private func rowConditions(_ query: HistoryQuery, values: inout [SQLValue], table: String) -> [String] {
        var conditions: [String] = []
        if let bundle = query.bundleIdentifier {
            values.append(.text(bundle))
            conditions.append("\(table).bundle_id = ?\(values.count)")
        }
        if query.unreadOnly { conditions.append("\(table).is_read = 0") }
        if let ids = query.deliveryIDs {
            // One JSON array, however many ids: no limit on bound variables.
            values.append(.text(Self.jsonList(ids)))
            conditions.append("\(table).id IN (SELECT value FROM json_each(?\(values.count)))")
        }
        return conditions
    }
}
