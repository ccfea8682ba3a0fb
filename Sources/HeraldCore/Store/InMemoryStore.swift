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
        /// Pending requests: each app's table, by bundle identifier.
        var pending: [String: IdentifiedRows<PendingRow>] = [:]
        var delivered = DeliveryLog()
        /// Each app's delivery ids and list membership, by bundle identifier.
        var histories: [String: AppHistory] = [:]
        var lastDeliveryID: Int64 = 0
        var responses: [Int64: ResponseRecord] = [:]
        var responsesByDelivery: [Int64: [Int64]] = [:]
        var lastResponseID: Int64 = 0
        var values: [String: JSONValue] = [:]
        /// While a batch is open: how to undo each write made inside it, oldest first. `nil`
        /// outside a batch (nothing is recorded).
        var undoLog: [(inout State) -> Void]?

        /// Records how to undo a write, when a batch is open. (Writes on hot paths check
        /// `isInBatch` first, so outside a batch they do not even make the closure.)
        mutating func journal(_ undo: @escaping (inout State) -> Void) {
            if undoLog != nil { undoLog!.append(undo) }
        }

        var isInBatch: Bool { undoLog != nil }
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
        // Changed in place: one lookup of the app (one hash), not one per identifier.
        guard let app = state.pending.index(forKey: bundleIdentifier) else { return [] }
        var removed: [PendingRow] = []
        removed.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            if let row = state.pending.values[app].remove(identifier) { removed.append(row) }
        }
        if state.pending.values[app].isEmpty { state.pending.remove(at: app) }
        return removed
    }

    // MARK: Delivered

    public func insertDelivered(_ record: DeliveredRecord) throws -> DeliveredRecord {
        state.withLock { state in
            let previousID = state.lastDeliveryID
            state.lastDeliveryID += 1
            var stored = record
            stored.deliveryID = state.lastDeliveryID
            InMemoryStore.add(stored, in: &state)
            if state.isInBatch {
                let id = stored.deliveryID
                state.journal { state in
                    _ = InMemoryStore.remove(id, in: &state)
                    state.lastDeliveryID = previousID
                }
            }
            return stored
        }
    }

    public func updateDelivered(_ record: DeliveredRecord) throws {
        state.withLock { state in
            guard let old = state.delivered.record(record.deliveryID) else { return }
            state.journal { InMemoryStore.setFlags(of: old, in: &$0) }
            InMemoryStore.setFlags(of: record, in: &state)
        }
    }

    public func updateDeliveredContent(_ record: DeliveredRecord) throws {
        state.withLock { state in
            guard let old = state.delivered.record(record.deliveryID) else { return }
            state.journal { _ = $0.delivered.update(old.deliveryID) { $0.request = old.request } }
            _ = state.delivered.update(record.deliveryID) { $0.request = record.request }
        }
    }

    /// Sets `isRead` and `isRemovedFromList` of a stored delivery from `record`, keeping the list index right.
    private static func setFlags(of record: DeliveredRecord, in state: inout State) {
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
            state.histories[bundleIdentifier]?.unlist(record.deliveryID, identifier: identifier)
        } else {
            state.histories[bundleIdentifier, default: AppHistory()].list(record.deliveryID, identifier: identifier)
        }
    }

    public func delivered(id: Int64) throws -> DeliveredRecord? {
        state.withLock { $0.delivered.record(id) }
    }

    public func deliveredInList(bundleIdentifier: String, identifiers: [String]?) throws -> [DeliveredRecord] {
        state.withLock { state in
            guard let history = state.histories[bundleIdentifier] else { return [] }
            let records: [DeliveredRecord]
            if let identifiers, identifiers.count == 1 {
                records = history.listedIDs(identifiers[0]).compactMap { state.delivered.record($0) }
            } else if let identifiers {
                records = Set(identifiers).flatMap { identifier in
                    history.listedIDs(identifier).compactMap { state.delivered.record($0) }
                }
            } else {
                records = history.ids.compactMap { state.delivered.record($0) }.filter { !$0.isRemovedFromList }
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
                ids = state.histories[bundleIdentifier]?.ids ?? []
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
            candidates = (state.histories[bundle]?.ids ?? []).compactMap { state.delivered.record($0) }
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
    private static func add(_ record: DeliveredRecord, in state: inout State) {
        let id = record.deliveryID
        state.delivered.insert(record)
        state.histories[record.bundleIdentifier, default: AppHistory()].record(id, identifier: record.identifier,
                                                                              isListed: !record.isRemovedFromList)
    }

    /// Removes a delivery with its responses (journalled when a batch is open).
    private static func remove(_ id: Int64, in state: inout State) -> DeliveredRecord? {
        guard let record = state.delivered.remove(id) else { return nil }
        if var history = state.histories.removeValue(forKey: record.bundleIdentifier) {
            history.forget(id, identifier: record.identifier)
            if !history.ids.isEmpty { state.histories[record.bundleIdentifier] = history }
        }
        let responseIDs = state.responsesByDelivery.removeValue(forKey: id) ?? []
        var responses: [ResponseRecord] = []
        for responseID in responseIDs {
            if let response = state.responses.removeValue(forKey: responseID) { responses.append(response) }
        }
        state.journal { state in
            InMemoryStore.add(record, in: &state)
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
