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
        /// Pending by bundle identifier, then request identifier.
        var pending: [String: [String: PendingRecord]] = [:]
        var delivered: [Int64: DeliveredRecord] = [:]
        /// Delivery ids per app, in insertion order.
        var deliveredByApp: [String: [Int64]] = [:]
        /// Deliveries still in the list, per app and request identifier.
        var inList: [ListKey: Set<Int64>] = [:]
        var lastDeliveryID: Int64 = 0
        var responses: [Int64: ResponseRecord] = [:]
        var responsesByDelivery: [Int64: [Int64]] = [:]
        var lastResponseID: Int64 = 0
        var values: [String: JSONValue] = [:]
    }

    private let state = Mutex(State())
    /// Depth of nested `batch` calls and the snapshot the outermost one rolls back to.
    private let transaction = Mutex<(depth: Int, snapshot: State?)>((0, nil))

    public init() {}

    // MARK: Transactions

    /// Runs `body`; when the outermost batch throws, every write made inside it is rolled back.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        let isOuter = transaction.withLock { tx -> Bool in
            tx.depth += 1
            if tx.depth == 1 {
                tx.snapshot = state.withLock { $0 }
                return true
            }
            return false
        }
        do {
            let result = try body()
            transaction.withLock { tx in
                tx.depth -= 1
                if isOuter { tx.snapshot = nil }
            }
            return result
        } catch {
            let snapshot = transaction.withLock { tx -> State? in
                tx.depth -= 1
                defer { if isOuter { tx.snapshot = nil } }
                return isOuter ? tx.snapshot : nil
            }
            if let snapshot { state.withLock { $0 = snapshot } }
            throw error
        }
    }

    // MARK: Apps

    public func loadApps() throws -> [AppRecord] {
        state.withLock { $0.apps.values.sorted { $0.bundleIdentifier < $1.bundleIdentifier } }
    }

    public func saveApp(_ app: AppRecord) throws {
        state.withLock { $0.apps[app.bundleIdentifier] = app }
    }

    // MARK: Pending

    public func loadPending() throws -> [PendingRecord] {
        state.withLock { state in
            state.pending.values.flatMap(\.values).sorted { lhs, rhs in
                if lhs.scheduledAt != rhs.scheduledAt { return lhs.scheduledAt < rhs.scheduledAt }
                return (lhs.bundleIdentifier, lhs.request.identifier) < (rhs.bundleIdentifier, rhs.request.identifier)
            }
        }
    }

    public func savePending(_ record: PendingRecord) throws {
        state.withLock { $0.pending[record.bundleIdentifier, default: [:]][record.request.identifier] = record }
    }

    public func removePending(bundleIdentifier: String, identifiers: [String]) throws {
        state.withLock { state in
            for identifier in identifiers { state.pending[bundleIdentifier]?[identifier] = nil }
            if state.pending[bundleIdentifier]?.isEmpty == true { state.pending[bundleIdentifier] = nil }
        }
    }

    public func removeAllPending(bundleIdentifier: String) throws {
        state.withLock { $0.pending[bundleIdentifier] = nil }
    }

    // MARK: Delivered

    public func insertDelivered(_ record: DeliveredRecord) throws -> DeliveredRecord {
        state.withLock { state in
            state.lastDeliveryID += 1
            var stored = record
            stored.deliveryID = state.lastDeliveryID
            state.delivered[stored.deliveryID] = stored
            state.deliveredByApp[stored.bundleIdentifier, default: []].append(stored.deliveryID)
            if !stored.isRemovedFromList {
                state.inList[ListKey(bundleIdentifier: stored.bundleIdentifier, identifier: stored.identifier),
                             default: []].insert(stored.deliveryID)
            }
            return stored
        }
    }

    public func updateDelivered(_ record: DeliveredRecord) throws {
        state.withLock { state in
            guard var stored = state.delivered[record.deliveryID] else { return }
            stored.isRead = record.isRead
            stored.isRemovedFromList = record.isRemovedFromList
            state.delivered[record.deliveryID] = stored
            let key = ListKey(bundleIdentifier: stored.bundleIdentifier, identifier: stored.identifier)
            if stored.isRemovedFromList {
                state.inList[key]?.remove(stored.deliveryID)
                if state.inList[key]?.isEmpty == true { state.inList[key] = nil }
            } else {
                state.inList[key, default: []].insert(stored.deliveryID)
            }
        }
    }

    public func delivered(id: Int64) throws -> DeliveredRecord? {
        state.withLock { $0.delivered[id] }
    }

    public func deliveredInList(bundleIdentifier: String, identifiers: [String]?) throws -> [DeliveredRecord] {
        state.withLock { state in
            let records: [DeliveredRecord]
            if let identifiers {
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
            state.lastResponseID += 1
            var stored = record
            stored.responseID = state.lastResponseID
            state.responses[stored.responseID] = stored
            state.responsesByDelivery[stored.notification.deliveryID, default: []].append(stored.responseID)
            return stored
        }
    }

    public func markResponseDeliveredToApp(id: Int64) throws {
        state.withLock { $0.responses[id]?.isDeliveredToApp = true }
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
        state.withLock { $0.values[key] = value }
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

    private static func remove(_ id: Int64, in state: inout State) -> DeliveredRecord? {
        guard let record = state.delivered.removeValue(forKey: id) else { return nil }
        state.deliveredByApp[record.bundleIdentifier]?.removeAll { $0 == id }
        if state.deliveredByApp[record.bundleIdentifier]?.isEmpty == true {
            state.deliveredByApp[record.bundleIdentifier] = nil
        }
        let key = ListKey(bundleIdentifier: record.bundleIdentifier, identifier: record.identifier)
        state.inList[key]?.remove(id)
        if state.inList[key]?.isEmpty == true { state.inList[key] = nil }
        for responseID in state.responsesByDelivery.removeValue(forKey: id) ?? [] {
            state.responses[responseID] = nil
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
