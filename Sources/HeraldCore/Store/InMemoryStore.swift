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
    struct ListKey: Hashable {
        var bundleIdentifier: String
        var identifier: String
    }

    struct State {
        var apps: [String: AppRecord] = [:]
        /// Pending requests: each app's table, by bundle identifier.
        var pending: [String: IdentifiedRows<PendingRow>] = [:]
        var delivered: [Int64: DeliveredRecord] = [:]
        /// Delivery ids per app, in insertion order.
        var deliveredByApp: [String: [Int64]] = [:]
        /// Deliveries still in the list, per app and request identifier (almost always one: a
        /// small array, not a set, so a delivery costs no extra allocation).
        var inList: [ListKey: [Int64]] = [:]
        var lastDeliveryID: Int64 = 0
        var responses: [Int64: ResponseRecord] = [:]
        var responsesByDelivery: [Int64: [Int64]] = [:]
        var lastResponseID: Int64 = 0
        var values: [String: JSONValue] = [:]
        /// While a batch is open: how to undo each write made inside it, oldest first. `nil`
        /// outside a batch (nothing is recorded).
        var undoLog: [(inout State) -> Void]?

        /// Records how to undo a write, when a batch is open.
        mutating func journal(_ undo: @escaping (inout State) -> Void) {
            if undoLog != nil { undoLog!.append(undo) }
        }
    }

    private let state = Mutex(State())
    /// Depth of nested `batch` calls.
    private let transaction = Mutex<Int>(0)

    public init() {}

    // MARK: Transactions

    /// Runs `body`; when the outermost batch throws, every write made inside it is rolled back.
    ///
    /// Writes inside a batch journal how to undo themselves (the old values they replace), so a
    /// batch costs what its writes cost — not a copy of the whole store.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        let isOuter = transaction.withLock { depth -> Bool in
            depth += 1
            return depth == 1
        }
        if isOuter { state.withLock { $0.undoLog = [] } }
        do {
            let result = try body()
            transaction.withLock { $0 -= 1 }
            if isOuter { state.withLock { $0.undoLog = nil } }
            return result
        } catch {
            transaction.withLock { $0 -= 1 }
            if isOuter {
                state.withLock { state in
                    let log = state.undoLog ?? []
                    state.undoLog = nil
                    for undo in log.reversed() { undo(&state) }
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
            state.journal { $0.apps[app.bundleIdentifier] = old }
            state.apps[app.bundleIdentifier] = app
        }
    }

    // MARK: Pending

    public func loadPending() throws -> [PendingRecord] {
        state.withLock { state in
            state.pending.flatMap { bundleIdentifier, rows in
                rows.rows.map { $0.record(bundleIdentifier: bundleIdentifier) }
            }.sorted { lhs, rhs in
                if lhs.scheduledAt != rhs.scheduledAt { return lhs.scheduledAt < rhs.scheduledAt }
                return (lhs.bundleIdentifier, lhs.request.identifier) < (rhs.bundleIdentifier, rhs.request.identifier)
            }
        }
    }

    public func savePending(_ record: PendingRecord) throws {
        state.withLock { state in
            let replaced = state.pending[record.bundleIdentifier, default: IdentifiedRows()]
                .upsert(PendingRow(record)).replaced
            if state.undoLog != nil {
                let bundleIdentifier = record.bundleIdentifier
                let identifier = record.request.identifier
                state.journal { state in
                    if let replaced {
                        state.pending[bundleIdentifier, default: IdentifiedRows()].upsert(replaced)
                    } else {
                        InMemoryStore.removePendingRows(bundleIdentifier: bundleIdentifier, identifiers: [identifier],
                                                        in: &state)
                    }
                }
            }
        }
    }

    public func removePending(bundleIdentifier: String, identifiers: [String]) throws {
        state.withLock { state in
            let removed = InMemoryStore.removePendingRows(bundleIdentifier: bundleIdentifier, identifiers: identifiers,
                                                          in: &state)
            guard !removed.isEmpty else { return }
            // One undo step for the whole call (the engine removes what fired in one call per app).
            state.journal { state in
                for row in removed { state.pending[bundleIdentifier, default: IdentifiedRows()].upsert(row) }
            }
        }
    }

    public func removeAllPending(bundleIdentifier: String) throws {
        state.withLock { state in
            let old = state.pending.removeValue(forKey: bundleIdentifier)
            state.journal { $0.pending[bundleIdentifier] = old }
        }
    }

    /// Removes an app's pending rows (an app left with none is forgotten); returns the removed ones.
    @discardableResult
    private static func removePendingRows(bundleIdentifier: String, identifiers: [String],
                                          in state: inout State) -> [PendingRow] {
        // Taken out while it changes: one lookup of the app, not one per identifier.
        guard var rows = state.pending.removeValue(forKey: bundleIdentifier) else { return [] }
        let removed = identifiers.compactMap { rows.remove($0) }
        if !rows.isEmpty { state.pending[bundleIdentifier] = rows }
        return removed
    }

    // MARK: Delivered

    public func insertDelivered(_ record: DeliveredRecord) throws -> DeliveredRecord {
        state.withLock { state in
            let previousID = state.lastDeliveryID
            state.lastDeliveryID += 1
            var stored = record
            stored.deliveryID = state.lastDeliveryID
            state.delivered[stored.deliveryID] = stored
            state.deliveredByApp[stored.bundleIdentifier, default: []].append(stored.deliveryID)
            if !stored.isRemovedFromList {
                state.inList[ListKey(bundleIdentifier: stored.bundleIdentifier, identifier: stored.identifier),
                             default: []].append(stored.deliveryID)
            }
            let id = stored.deliveryID
            state.journal { state in
                _ = InMemoryStore.remove(id, in: &state)
                state.lastDeliveryID = previousID
            }
            return stored
        }
    }

    public func updateDelivered(_ record: DeliveredRecord) throws {
        state.withLock { state in
            guard let old = state.delivered[record.deliveryID] else { return }
            state.journal { InMemoryStore.setFlags(of: old, in: &$0) }
            InMemoryStore.setFlags(of: record, in: &state)
        }
    }

    /// Sets `isRead` and `isRemovedFromList` of a stored delivery from `record`, keeping the list index right.
    private static func setFlags(of record: DeliveredRecord, in state: inout State) {
        guard var stored = state.delivered[record.deliveryID] else { return }
        stored.isRead = record.isRead
        stored.isRemovedFromList = record.isRemovedFromList
        state.delivered[record.deliveryID] = stored
        let key = ListKey(bundleIdentifier: stored.bundleIdentifier, identifier: stored.identifier)
        if stored.isRemovedFromList {
            state.inList[key]?.removeAll { $0 == stored.deliveryID }
            if state.inList[key]?.isEmpty == true { state.inList[key] = nil }
        } else if state.inList[key]?.contains(stored.deliveryID) != true {
            state.inList[key, default: []].append(stored.deliveryID)
        }
    }

    public func delivered(id: Int64) throws -> DeliveredRecord? {
        state.withLock { $0.delivered[id] }
    }

    public func deliveredInList(bundleIdentifier: String, identifiers: [String]?) throws -> [DeliveredRecord] {
        state.withLock { state in
            let records: [DeliveredRecord]
            if let identifiers, identifiers.count == 1 {
                records = (state.inList[ListKey(bundleIdentifier: bundleIdentifier, identifier: identifiers[0])] ?? [])
                    .compactMap { state.delivered[$0] }
            } else if let identifiers {
                records = Set(identifiers).flatMap { identifier in
                    (state.inList[ListKey(bundleIdentifier: bundleIdentifier, identifier: identifier)] ?? [])
                        .compactMap { state.delivered[$0] }
                }
            } else {
                records = (state.deliveredByApp[bundleIdentifier] ?? [])
                    .compactMap { state.delivered[$0] }
                    .filter { !$0.isRemovedFromList }
            }
            return records.sorted(by: InMemoryStore.newestFirst)
        }
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
            for record in state.delivered.values where !record.isRead {
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
                ids = state.deliveredByApp[bundleIdentifier] ?? []
            } else {
                ids = Array(state.delivered.keys)
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
            let id = stored.responseID
            let deliveryID = stored.notification.deliveryID
            state.journal { state in
                state.responses[id] = nil
                state.responsesByDelivery[deliveryID]?.removeAll { $0 == id }
                if state.responsesByDelivery[deliveryID]?.isEmpty == true { state.responsesByDelivery[deliveryID] = nil }
                state.lastResponseID = previousID
            }
            return stored
        }
    }

    public func markResponseDeliveredToApp(id: Int64) throws {
        state.withLock { state in
            guard let old = state.responses[id]?.isDeliveredToApp else { return }
            state.journal { $0.responses[id]?.isDeliveredToApp = old }
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
            state.journal { $0.values[key] = old }
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
            candidates = (state.deliveredByApp[bundle] ?? []).compactMap { state.delivered[$0] }
        } else {
            candidates = Array(state.delivered.values)
        }
        let words = HistorySearch.words(in: query.search ?? "")
        return candidates.filter { record in
            if query.unreadOnly && record.isRead { return false }
            return words.isEmpty || HistorySearch.matches(record, words: words)
        }
    }

    /// Removes a delivery with its responses (journalled when a batch is open).
    private static func remove(_ id: Int64, in state: inout State) -> DeliveredRecord? {
        guard let record = state.delivered.removeValue(forKey: id) else { return nil }
        state.deliveredByApp[record.bundleIdentifier]?.removeAll { $0 == id }
        if state.deliveredByApp[record.bundleIdentifier]?.isEmpty == true {
            state.deliveredByApp[record.bundleIdentifier] = nil
        }
        let key = ListKey(bundleIdentifier: record.bundleIdentifier, identifier: record.identifier)
        state.inList[key]?.removeAll { $0 == id }
        if state.inList[key]?.isEmpty == true { state.inList[key] = nil }
        let responseIDs = state.responsesByDelivery.removeValue(forKey: id) ?? []
        var responses: [ResponseRecord] = []
        for responseID in responseIDs {
            if let response = state.responses.removeValue(forKey: responseID) { responses.append(response) }
        }
        state.journal { state in
            state.delivered[id] = record
            // Delivery ids per app stay in insertion (= id) order.
            var ids = state.deliveredByApp[record.bundleIdentifier] ?? []
            ids.insert(id, at: ids.partitioningIndex { $0 > id })
            state.deliveredByApp[record.bundleIdentifier] = ids
            if !record.isRemovedFromList { state.inList[key, default: []].append(id) }
            if !responseIDs.isEmpty { state.responsesByDelivery[id] = responseIDs }
            for response in responses { state.responses[response.responseID] = response }
        }
        return record
    }

    private static func deleteAttachmentFiles(of records: [DeliveredRecord]) {
        for record in records {
            for attachment in record.content.attachments {
                try? FileManager.default.removeItem(atPath: attachment.path)
            }
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition` (the elements must be
    /// partitioned by it: all `false` ones first). Binary search.
    fileprivate func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if belongsInSecondPartition(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
