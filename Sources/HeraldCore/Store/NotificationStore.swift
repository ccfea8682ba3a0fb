import Foundation

/// Where the engine keeps its state. The engine is the only writer; it calls the store from one
/// task at a time. Implementations: `InMemoryStore` (tests, simulator) and `SQLiteStore`
/// (HeraldStore, the daemon's default).
///
/// Durability contract: when a method returns, what it wrote is durable (for SQLite: committed
/// in WAL mode). Inside `batch` the commit happens once, when the body returns — the engine
/// acknowledges the requests of a batch only after that.
public protocol NotificationStore: AnyObject, Sendable {
    /// Runs `body` as one transaction (group commit). Nested calls join the outer transaction.
    func batch<T>(_ body: () throws -> T) throws -> T

    /// Whether a commit costs enough that the engine should gather the writes of concurrent
    /// requests into one (`beginCommitGroup` … `commitGroup`). `false` by default.
    var prefersCommitGroups: Bool { get }
    /// Opens a commit group: every write until `commitGroup` joins one transaction, which is
    /// durable only once `commitGroup` returns. Unlike `batch`, the group spans calls, so the
    /// engine can keep it open across the requests queued on it. A no-op by default.
    func beginCommitGroup() throws
    /// Commits the open group (a no-op without one); when it throws, every write of the group
    /// is rolled back.
    func commitGroup() throws

    // MARK: Apps (with their categories, settings, authorization, badge and token)

    func loadApps() throws -> [AppRecord]
    func saveApp(_ app: AppRecord) throws

    // MARK: Pending requests

    func loadPending() throws -> [PendingRecord]
    /// Inserts or replaces (by bundle identifier + request identifier).
    func savePending(_ record: PendingRecord) throws
    func removePending(bundleIdentifier: String, identifiers: [String]) throws
    func removeAllPending(bundleIdentifier: String) throws

    // MARK: Delivered notifications (history)

    /// Stores a delivery and returns it with its new `deliveryID` (unique, increasing).
    func insertDelivered(_ record: DeliveredRecord) throws -> DeliveredRecord
    /// Rewrites the flags (`isRead`, `isRemovedFromList`) of an existing delivery.
    func updateDelivered(_ record: DeliveredRecord) throws
    /// Rewrites the content of an existing delivery (title and body stay; its traits changed,
    /// e.g. a desktop notification's sender left the bus).
    func updateDeliveredContent(_ record: DeliveredRecord) throws
    func delivered(id: Int64) throws -> DeliveredRecord?
    /// Deliveries still in the app's Notification Center list (`isRemovedFromList == false`),
    /// newest first; `identifiers` narrows to those request identifiers.
    func deliveredInList(bundleIdentifier: String, identifiers: [String]?) throws -> [DeliveredRecord]
    /// A page of history, newest first (date, then deliveryID).
    func history(_ query: HistoryQuery) throws -> [DeliveredRecord]
    /// How many deliveries match (for "+N more" and paging).
    func historyCount(_ query: HistoryQuery) throws -> Int
    /// Unread deliveries per app.
    func unreadCounts() throws -> [String: Int]
    /// What the store removed from history on its own since the last call, per app (unread and
    /// total removed): a store that applies retention as rows arrive deletes an app's oldest
    /// deliveries inside `insertDelivered`. The engine takes it after each insert and moves its
    /// `HistoryCounts` by it. Empty by default.
    func takeRemovedByRetention() -> [String: HistoryCounts]
    /// Deletes deliveries from history, with their attachment files and response records.
    func deleteDelivered(ids: [Int64]) throws
    /// Deletes all history of one app, or of every app when `bundleIdentifier` is nil.
    func deleteAllDelivered(bundleIdentifier: String?) throws

    /// Reads for user interfaces that must neither wait behind the writer nor hold it up: on a
    /// connection of their own, stopped at `deadline` (SQLite). `nil` (the default): the store
    /// has no such connection, and reads go through the engine like everything else.
    var offWriterReader: (any HistoryReader)? { get }

    // MARK: Responses (the audit trail, and the queue for apps that are not running)

    /// Stores a response and returns it with its new `responseID`.
    func insertResponse(_ record: ResponseRecord) throws -> ResponseRecord
    func markResponseDeliveredToApp(id: Int64) throws
    /// Responses not yet handed to the app, oldest first.
    func undeliveredResponses(bundleIdentifier: String) throws -> [ResponseRecord]
    /// Every response recorded for one delivery, oldest first.
    func responses(deliveryID: Int64) throws -> [ResponseRecord]

    // MARK: Center-wide values (do-not-disturb, lock state, …)

    func value(forKey key: String) throws -> JSONValue?
    func setValue(_ value: JSONValue?, forKey key: String) throws

    // MARK: One-identifier forms of the calls every delivery makes (last: added requirements go
    // at the end, so code built against the earlier protocol keeps its witness offsets)

    /// `removePending(bundleIdentifier:identifiers:)` for one request (what firing does per
    /// delivery), without an array; by default it makes one.
    func removePending(bundleIdentifier: String, identifier: String) throws
    /// `deliveredInList(bundleIdentifier:identifiers:)` for one identifier (the replacement check
    /// of every delivery), without an array; by default it makes one.
    func deliveredInList(bundleIdentifier: String, identifier: String) throws -> [DeliveredRecord]
    /// Every pending request for the engine's start, in the order they are scheduled: by next
    /// fire date, undated ones last. Requests due at the same instant fire in this order — the
    /// SQLite store's is app, then identifier (the order of its fire-date index), so different
    /// apps due at the same instant fire in app order after a start. A store that can read what
    /// scheduling needs from an index leaves the requests in the store (`StoredPendingRecord`),
    /// and gives `pendingRecordReader` to read each when it is needed. By default
    /// `loadPending`'s records.
    func loadPendingForStart() throws -> [LoadedPending]
    /// The deliveries past the store's retention policy (an app's oldest beyond its cap, those
    /// older than the age limit; never one whose response still waits for its app), oldest
    /// first, found without holding up the writer (SQLite: on a connection of their own). At a
    /// million rows finding them takes a while: the engine asks beside its own work and removes
    /// them a step at a time (`removePastRetention`). Empty by default: the store keeps all.
    func deliveriesPastRetention(now: Date) throws -> [Int64]
    /// Deletes those of `ids` still in history whose responses do not wait for their app, with
    /// their attachment files and responses, in one transaction; returns what went. Nothing by
    /// default.
    func removePastRetention(ids: [Int64]) throws -> HistoryRemoval
    /// Reads the pending requests `loadPendingForStart` left in the store, by key. A store whose
    /// start gives `StoredPendingRecord`s must give one; `nil` by default.
    var pendingRecordReader: (any PendingRecordReader)? { get }
    /// What firing a request writes, in one transaction: stores `record` in place of the
    /// deliveries still listed under its request identifier in its app (deleted, as
    /// `deleteDelivered`), removes the app's pending request of that identifier when
    /// `removingPending`, and runs `alongside` (other writes of the transaction, before the
    /// insert). When it throws, nothing it wrote stays. By default a `batch` of the separate
    /// calls (`insertReplacingInBatch`); a store may do it under one lock.
    func insertReplacing(_ record: DeliveredRecord, removingPending: Bool,
                         alongside: (() throws -> Void)?) throws -> ReplacingInsert
}

extension NotificationStore {
    public var offWriterReader: (any HistoryReader)? { nil }
    public var prefersCommitGroups: Bool { false }
    public func beginCommitGroup() throws {}
    public func commitGroup() throws {}

    public func removePending(bundleIdentifier: String, identifier: String) throws {
        try removePending(bundleIdentifier: bundleIdentifier, identifiers: [identifier])
    }

    public func deliveredInList(bundleIdentifier: String, identifier: String) throws -> [DeliveredRecord] {
        try deliveredInList(bundleIdentifier: bundleIdentifier, identifiers: [identifier])
    }

    public func takeRemovedByRetention() -> [String: HistoryCounts] { [:] }

    public func loadPendingForStart() throws -> [LoadedPending] {
        try loadPending().map { .decoded($0) }
    }

    public func deliveriesPastRetention(now: Date) throws -> [Int64] { [] }

    public func removePastRetention(ids: [Int64]) throws -> HistoryRemoval { HistoryRemoval() }

    public var pendingRecordReader: (any PendingRecordReader)? { nil }
}

/// Which history to read: an app (or all), a full-text search (or none), and a page.
public struct HistoryQuery: Sendable, Hashable, Codable {
    public var bundleIdentifier: String?
    /// Words to find in title, subtitle and body: every word must match, the last one as the
    /// start of a word (search as you type), the others as whole words (`HistorySearch`).
    public var search: String?
    public var limit: Int
    public var offset: Int
    public var unreadOnly: Bool
    /// Only these deliveries (the ones a Focus or scheduled summary lists); `nil`: any.
    public var deliveryIDs: [Int64]?

    public init(bundleIdentifier: String? = nil, search: String? = nil, limit: Int = 100, offset: Int = 0,
                unreadOnly: Bool = false, deliveryIDs: [Int64]? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.search = search
        self.limit = limit
        self.offset = offset
        self.unreadOnly = unreadOnly
        self.deliveryIDs = deliveryIDs
    }
}

/// History reads that run beside the writer (`NotificationStore.offWriterReader`).
public protocol HistoryReader: Sendable {
    /// A page of history, as `NotificationStore.history`; throws when `deadline` passes first.
    func history(_ query: HistoryQuery, deadline: Date) throws -> [DeliveredRecord]
    /// As `NotificationStore.historyCount`; throws when `deadline` passes first.
    func historyCount(_ query: HistoryQuery, deadline: Date) throws -> Int
}
