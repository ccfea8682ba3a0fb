import Foundation
import Synchronization

/// A `NotificationStore` that keeps everything in memory: for tests, the simulator and demos.
/// Thread-safe. "Durable" here means "visible to the next caller": reopening an engine on the
/// same instance behaves like restarting the daemon on the same database.
///
/// ```swift
/// let store = InMemoryStore()
/// let engine = try NotificationEngine(store: store, clock: ManualClock(), prompter: prompter,
///                                     attachmentsDirectory: dir)
/// ```
///
/// `deleteDelivered` and `deleteAllDelivered` also delete attachment files of the deleted
/// deliveries, as the protocol asks.
public final class InMemoryStore: NotificationStore {
    struct State {
        var apps: [String: AppRecord] = [:]
        /// Each app's pending requests and history (delivery ids and list membership).
        var tables: [String: InMemoryAppTables] = [:]
        var delivered = DeliveryLog()
        var lastDeliveryID: Int64 = 0
        var responses: [Int64: ResponseRecord] = [:]
        var responsesByDelivery: [Int64: [Int64]] = [:]
        var lastResponseID: Int64 = 0
        var values: [String: JSONValue] = [:]
        /// While a batch is open: how to undo each write made inside it, oldest first (empty
        /// outside a batch: nothing is recorded). Kept with its capacity from batch to batch.
        var undoLog: [UndoStep] = []
        var isInBatch = false

        /// Records how to undo a write, when a batch is open.
        mutating func journal(_ undo: UndoStep) {
            if isInBatch { undoLog.append(undo) }
        }
    }

    let state = Mutex(State())
    /// Depth of nested `batch` calls.
    private let transaction = Mutex<Int>(0)

    public init() {}

    // MARK: Transactions

    /// Runs `body`; when the outermost batch throws, every write made inside it is rolled back.
    ///
    /// Writes inside a batch journal how to undo themselves (`UndoStep`: the old values they
    /// replace, as plain values in a reused array), so a batch costs what its writes cost — not a
    /// copy of the whole store, nor an allocation per write.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        let isOuter = transaction.withLock { depth -> Bool in
            depth += 1
            return depth == 1
        }
        if isOuter { state.withLock { $0.isInBatch = true } }
        do {
            let result = try body()
            transaction.withLock { $0 -= 1 }
            if isOuter {
                state.withLock { state in
                    state.isInBatch = false
                    // Popped, not `removeAll(keepingCapacity:)` (a general range replacement):
                    // a batch has a few steps.
                    while state.undoLog.popLast() != nil {}
                }
            }
            return result
        } catch {
            transaction.withLock { $0 -= 1 }
            if isOuter {
                state.withLock { state in
                    let log = state.undoLog
                    state.undoLog = []
                    state.isInBatch = false
                    for step in log.reversed() { step.undo(in: &state) }
                }
            }
            throw error
        }
    }

    // MARK: Apps

    public func loadApps() throws -> [AppRecord] {
        state.withLock { $0.apps.values.sorted { $0.bundleIdentifier < $1.bundleIdentifier } }
    }

    public func saveApp(_ app: AppRecord) throws {
        state.withLock { state in
            let old = state.apps[app.bundleIdentifier]
            state.journal(.app(bundleIdentifier: app.bundleIdentifier, old: old))
            state.apps[app.bundleIdentifier] = app
        }
    }

    // MARK: Pending

    public func loadPending() throws -> [PendingRecord] {
        state.withLock { state in
            // (Its rows are all decoded: no source to read from.)
            state.tables.flatMap { bundleIdentifier, tables in
                tables.pending.rows.map { $0.record(bundleIdentifier: bundleIdentifier, source: StoredPendingSource()) }
            }.sorted { lhs, rhs in
                if lhs.scheduledAt != rhs.scheduledAt { return lhs.scheduledAt < rhs.scheduledAt }
                return (lhs.bundleIdentifier, lhs.request.identifier) < (rhs.bundleIdentifier, rhs.request.identifier)
            }
        }
    }

    public func savePending(_ record: PendingRecord) throws {
        state.withLock { state in
            let bundleIdentifier = record.bundleIdentifier
            let identifier = record.request.identifier
            let replaced = state.tables[bundleIdentifier, default: InMemoryAppTables()].pending.upsert(PendingRow(record)).replaced
            if state.isInBatch {
                state.undoLog.append(replaced.map { .pendingReplaced(bundleIdentifier: bundleIdentifier, old: $0) }
                                     ?? .pendingAdded(bundleIdentifier: bundleIdentifier, identifier: identifier))
            }
        }
    }

    public func removePending(bundleIdentifier: String, identifiers: [String]) throws {
        state.withLock { state in
            guard let table = state.tables.index(forKey: bundleIdentifier) else { return }
            for identifier in identifiers {
                guard let row = state.tables.values[table].pending.remove(identifier) else { continue }
                state.journal(.pendingRemoved(bundleIdentifier: bundleIdentifier, row: row))
            }
        }
    }

    public func removePending(bundleIdentifier: String, identifier: String) throws {
        state.withLock { state in
            // Changed in place (`tables[bundleIdentifier]?.pending.remove` moves the tables out and back).
            guard let table = state.tables.index(forKey: bundleIdentifier),
                  let row = state.tables.values[table].pending.remove(identifier) else { return }
            state.journal(.pendingRemoved(bundleIdentifier: bundleIdentifier, row: row))
        }
    }

    public func removeAllPending(bundleIdentifier: String) throws {
        state.withLock { state in
            guard let table = state.tables.index(forKey: bundleIdentifier) else { return }
            let old = state.tables.values[table].pending
            state.tables.values[table].pending = IdentifiedRows()
            state.journal(.pendingTable(bundleIdentifier: bundleIdentifier, old: old))
        }
    }

    // MARK: Delivered

    public func insertDelivered(_ record: DeliveredRecord) throws -> DeliveredRecord {
        state.withLock { state in
            let previousID = state.lastDeliveryID
            state.lastDeliveryID += 1
            var stored = record
            stored.deliveryID = state.lastDeliveryID
            InMemoryStore.add(stored, in: &state)
            state.journal(.deliveryAdded(id: stored.deliveryID, previousLastID: previousID))
            return stored
        }
    }

    public func updateDelivered(_ record: DeliveredRecord) throws {
        state.withLock { state in
            guard let old = state.delivered.record(record.deliveryID) else { return }
            state.journal(.deliveryFlags(old: old))
            InMemoryStore.setFlags(of: record, in: &state)
        }
    }

    public func updateDeliveredContent(_ record: DeliveredRecord) throws {
        state.withLock { state in
            guard let old = state.delivered.record(record.deliveryID) else { return }
            state.journal(.deliveryContent(old: old))
            _ = state.delivered.update(record.deliveryID) { $0.request = record.request }
        }
    }

    /// Sets `isRead` and `isRemovedFromList` of a stored delivery from `record`, keeping the list index right.
    static func setFlags(of record: DeliveredRecord, in state: inout State) {
        var bundleIdentifier = ""
        var identifier = ""
        let isStored = state.delivered.update(record.deliveryID) { stored in
            stored.isRead = record.isRead
            stored.isRemovedFromList = record.isRemovedFromList
            bundleIdentifier = stored.bundleIdentifier
            identifier = stored.identifier
        }
        guard isStored else { return }
        if record.isRemovedFromList {
            state.tables[bundleIdentifier]?.history.unlist(record.deliveryID, identifier: identifier)
        } else {
            state.tables[bundleIdentifier, default: InMemoryAppTables()].history.list(record.deliveryID, identifier: identifier)
        }
    }

    public func delivered(id: Int64) throws -> DeliveredRecord? {
        state.withLock { $0.delivered.record(id) }
    }

    public func deliveredInList(bundleIdentifier: String, identifiers: [String]?) throws -> [DeliveredRecord] {
        state.withLock { state in
            guard let history = state.tables[bundleIdentifier]?.history else { return [] }
            let records: [DeliveredRecord]
            if let identifiers, identifiers.count == 1 {
                return InMemoryStore.listed(identifiers[0], bundleIdentifier: bundleIdentifier, in: state)
            } else if let identifiers {
                records = Set(identifiers).flatMap { identifier in
                    history.listedIDs(identifier).compactMap { state.delivered.record($0) }
                }
            } else {
                records = history.ids.compactMap { state.delivered.record($0) }.filter { !$0.isRemovedFromList }
            }
            return records.count > 1 ? records.sorted(by: InMemoryStore.newestFirst) : records
        }
    }

    public func deliveredInList(bundleIdentifier: String, identifier: String) throws -> [DeliveredRecord] {
        state.withLock { InMemoryStore.listed(identifier, bundleIdentifier: bundleIdentifier, in: $0) }
    }

    /// The deliveries of one identifier still in the app's list, newest first.
    static func listed(_ identifier: String, bundleIdentifier: String, in state: State) -> [DeliveredRecord] {
        // The replacement check of every delivery: usually nothing is listed under it. (Read in
        // place: `tables[bundleIdentifier]` would copy the app's tables out first.)
        guard let index = state.tables.index(forKey: bundleIdentifier),
              state.tables.values[index].history.isListed(identifier) else { return [] }
        let records = state.tables.values[index].history.listedIDs(identifier).compactMap { state.delivered.record($0) }
        return records.count > 1 ? records.sorted(by: InMemoryStore.newestFirst) : records
    }

    public func history(_ query: HistoryQuery) throws -> [DeliveredRecord] {
        let matching = state.withLock { InMemoryStore.matching(query, in: $0) }
        let sorted = matching.sorted(by: InMemoryStore.newestFirst)
        let start = min(max(query.offset, 0), sorted.count)
        let end = min(start + max(query.limit, 0), sorted.count)
        return Array(sorted[start..<end])
    }

    public func historyCount(_ query: HistoryQuery) throws -> Int {
        state.withLock { InMemoryStore.matching(query, in: $0).count }
    }

    public func unreadCounts() throws -> [String: Int] {
        state.withLock { state in
            var counts: [String: Int] = [:]
            for record in state.delivered.all where !record.isRead {
                counts[record.bundleIdentifier, default: 0] += 1
            }
            return counts
        }
    }

    public func deleteDelivered(ids: [Int64]) throws {
        let removed = state.withLock { state in ids.compactMap { InMemoryStore.remove($0, in: &state) } }
        InMemoryStore.deleteAttachmentFiles(of: removed)
    }

    public func deleteAllDelivered(bundleIdentifier: String?) throws {
        let removed = state.withLock { state -> [DeliveredRecord] in
            let ids: [Int64]
            if let bundleIdentifier {
                ids = state.tables[bundleIdentifier]?.history.ids ?? []
            } else {
                ids = state.delivered.all.map(\.deliveryID)
            }
            return ids.compactMap { InMemoryStore.remove($0, in: &state) }
        }
        InMemoryStore.deleteAttachmentFiles(of: removed)
    }

    // MARK: Responses

    public func insertResponse(_ record: ResponseRecord) throws -> ResponseRecord {
        state.withLock { state in
            let previousID = state.lastResponseID
            state.lastResponseID += 1
            var stored = record
            stored.responseID = state.lastResponseID
            state.responses[stored.responseID] = stored
            state.responsesByDelivery[stored.notification.deliveryID, default: []].append(stored.responseID)
            state.journal(.responseAdded(id: stored.responseID, deliveryID: stored.notification.deliveryID,
                                         previousLastID: previousID))
            return stored
        }
    }

    public func markResponseDeliveredToApp(id: Int64) throws {
        state.withLock { state in
            guard let old = state.responses[id]?.isDeliveredToApp else { return }
            state.journal(.responseDeliveredToApp(id: id, old: old))
            state.responses[id]?.isDeliveredToApp = true
        }
    }

    public func undeliveredResponses(bundleIdentifier: String) throws -> [ResponseRecord] {
        state.withLock { state in
            state.responses.values
                .filter { !$0.isDeliveredToApp && $0.bundleIdentifier == bundleIdentifier }
                .sorted { $0.responseID < $1.responseID }
        }
    }

    public func responses(deliveryID: Int64) throws -> [ResponseRecord] {
        state.withLock { state in
            (state.responsesByDelivery[deliveryID] ?? []).compactMap { state.responses[$0] }
        }
    }

    // MARK: Values

    public func value(forKey key: String) throws -> JSONValue? {
        state.withLock { $0.values[key] }
    }

    public func setValue(_ value: JSONValue?, forKey key: String) throws {
        state.withLock { state in
            let old = state.values[key]
            state.journal(.value(key: key, old: old))
            state.values[key] = value
        }
    }

    // MARK: Helpers

    static func newestFirst(_ lhs: DeliveredRecord, _ rhs: DeliveredRecord) -> Bool {
        if lhs.date != rhs.date { return lhs.date > rhs.date }
        return lhs.deliveryID > rhs.deliveryID
    }

    private static func matching(_ query: HistoryQuery, in state: State) -> [DeliveredRecord] {
        let candidates: [DeliveredRecord]
        if let bundle = query.bundleIdentifier {
            let ids = state.tables[bundle]?.history.ids ?? []
            candidates = ids.compactMap { state.delivered.record($0) }
        } else {
            candidates = state.delivered.all
        }
        let words = HistorySearch.words(in: query.search ?? "")
        let only = query.deliveryIDs.map(Set.init)
        return candidates.filter { record in
            if query.unreadOnly && record.isRead { return false }
            if let only, !only.contains(record.deliveryID) { return false }
            return words.isEmpty || HistorySearch.matches(record, words: words)
        }
    }

    /// Stores a delivery under its id, with its app's history and list entries.
    static func add(_ record: DeliveredRecord, in state: inout State) {
        let id = record.deliveryID
        state.delivered.insert(record)
        state.tables[record.bundleIdentifier, default: InMemoryAppTables()].history
            .record(id, identifier: record.identifier, isListed: !record.isRemovedFromList)
    }

    /// Removes a delivery with its responses (journalled when a batch is open).
    static func remove(_ id: Int64, in state: inout State) -> DeliveredRecord? {
        guard let record = state.delivered.remove(id) else { return nil }
        state.tables[record.bundleIdentifier]?.history.forget(id, identifier: record.identifier)
        let responseIDs = state.responsesByDelivery.removeValue(forKey: id) ?? []
        var responses: [ResponseRecord] = []
        for responseID in responseIDs {
            if let response = state.responses.removeValue(forKey: responseID) { responses.append(response) }
        }
        state.journal(.deliveryRemoved(record, responseIDs: responseIDs, responses: responses))
        return record
    }

    static func deleteAttachmentFiles(of records: [DeliveredRecord]) {
        for record in records {
            for attachment in record.content.attachments {
                try? FileManager.default.removeItem(atPath: attachment.path)
            }
        }
    }
}
