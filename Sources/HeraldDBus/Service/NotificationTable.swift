/// The only state the front door keeps: which D-Bus notification id is which engine request,
/// who sent it, and the stack tags. Ids count up from 1 and are never 0.
///
/// Request identifiers are `fdo-<run>-<id>`, `run` being random per daemon start, so ids that
/// restart at 1 never collide with notifications of an earlier run in history.
struct NotificationTable {
    struct Entry: Equatable {
        var identifier: String
        var bundleIdentifier: String
        /// The sender's unique bus name (":1.42").
        var sender: String
        var actionKeys: [String]
        var isResident: Bool
        var isTransient: Bool
        /// Bumped on every replacement, so an old expiry timer does nothing.
        var generation: Int
        /// Not yet closed (expired, dismissed, closed by a call).
        var isOpen: Bool
        /// The sender left the bus: actions can no longer reach it.
        var senderGone: Bool = false
        /// The engine's history row, once delivered.
        var deliveryID: Int64?
    }

    let run: String
    private(set) var entries: [UInt32: Entry] = [:]
    private var stackTags: [String: UInt32] = [:]
    private var nextID: UInt32 = 1
    /// Entries kept at most (the oldest closed ones go first).
    var capacity = 100_000

    init(run: String) { self.run = run }

    /// The id a `Notify` gets: the replaced one when `replacesID` is known, the one with the same
    /// stack tag in the same app, else a new one.
    mutating func assign(replacesID: UInt32, stackTag: String?, bundleIdentifier: String) -> UInt32 {
        if replacesID != 0, entries[replacesID] != nil { return replacesID }
        if let stackTag, let id = stackTags[bundleIdentifier + "\u{0}" + stackTag], entries[id] != nil { return id }
        let id = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        return id
    }

    /// Records (or replaces) an entry; returns it with its new generation.
    mutating func record(id: UInt32, bundleIdentifier: String, sender: String, actionKeys: [String], isResident: Bool,
                         isTransient: Bool, stackTag: String?) -> Entry {
        let generation = (entries[id]?.generation ?? 0) + 1
        let identifier = entries[id]?.identifier ?? "fdo-\(run)-\(id)"
        let entry = Entry(identifier: identifier, bundleIdentifier: entries[id]?.bundleIdentifier ?? bundleIdentifier,
                          sender: sender, actionKeys: actionKeys, isResident: isResident, isTransient: isTransient,
                          generation: generation, isOpen: true)
        entries[id] = entry
        if let stackTag { stackTags[bundleIdentifier + "\u{0}" + stackTag] = id }
        if entries.count > capacity { evictClosed() }
        return entry
    }

    /// The id of an engine request identifier made by this run.
    func id(forIdentifier identifier: String) -> UInt32? {
        let prefix = "fdo-\(run)-"
        guard identifier.hasPrefix(prefix), let id = UInt32(identifier.dropFirst(prefix.count)),
              entries[id]?.identifier == identifier else { return nil }
        return id
    }

    subscript(id: UInt32) -> Entry? { entries[id] }

    /// The engine stored notification `identifier` as history row `deliveryID`; returns the entry.
    @discardableResult
    mutating func delivered(identifier: String, deliveryID: Int64) -> Entry? {
        guard let id = id(forIdentifier: identifier) else { return nil }
        entries[id]?.deliveryID = deliveryID
        return entries[id]
    }

    /// Marks an entry closed; returns it if it was open.
    mutating func close(_ id: UInt32) -> Entry? {
        guard var entry = entries[id], entry.isOpen else { return nil }
        entry.isOpen = false
        entries[id] = entry
        return entry
    }

    /// The sender left the bus: its entries can no longer be answered. Returns them.
    mutating func senderLeft(_ sender: String) -> [Entry] {
        let ids = entries.filter { $0.value.sender == sender && !$0.value.senderGone }.map(\.key).sorted()
        for id in ids { entries[id]?.senderGone = true }
        return ids.compactMap { entries[$0] }
    }

    private mutating func evictClosed() {
        let closed = entries.filter { !$0.value.isOpen }.keys.sorted().prefix(entries.count - capacity / 2)
        for id in closed { entries[id] = nil }
        stackTags = stackTags.filter { entries[$0.value] != nil }
    }
}
