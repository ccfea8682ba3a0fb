/// A note a front door has the engine store in the very transaction that stores a request it
/// hands over (the history row, or the pending row of a scheduled request; alone when nothing is
/// kept), so a process killed at any instant leaves both or neither.
///
/// The broker door remembers, in its journal, the messages it took; the journal is written after
/// the engine returns. The receipt of each message in hand (each under a key of its own, as
/// messages read together share commits) closes the gap: after a kill between the commit and
/// the journal's write, the door reads the receipts back at its next start
/// (`NotificationEngine.storedReceipt(forKey:)`, one key per slot) and the messages, delivered
/// again by the broker, are known as taken.
///
/// The receipt travels with the task that hands the request over, so the layers between the
/// door and the engine (the command line's `post` and `push`) need not know of it:
///
/// ```swift
/// let receipt = StoreReceipt(key: "broker.lastTaken", value: ["key": "9f3c…", "sender": "ci"])
/// let result = try await StoreReceipt.$current.withValue(receipt) { try await server.post(params) }
/// ```
public struct StoreReceipt: Sendable, Hashable {
    /// The store's center-wide value it is written to (`NotificationStore.setValue(_:forKey:)`);
    /// each receipt replaces the previous one under the same key.
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// The receipt of the request the current task hands to the engine, if any.
    @TaskLocal public static var current: StoreReceipt?

    /// Writes it (inside the caller's transaction).
    func write(to store: any NotificationStore) throws {
        try store.setValue(value, forKey: key)
    }
}

extension NotificationEngine {
    /// The last receipt stored under `key` (`nil` when none, or unreadable).
    public func storedReceipt(forKey key: String) -> JSONValue? {
        try? store.value(forKey: key)
    }
}
