/// The only state the front door keeps: which D-Bus notification id is which engine request,
/// who sent it, and the stack tags. Ids count up from 1 and are never 0.
///
/// A notification belongs to the connection that sent it (`mayTouch`): only that connection
/// replaces it (`replaces_id`, a stack tag) or closes it — or, once it has left the bus, a later
/// connection of the same app (a script's next `notify-send -r ID`; any connection for a close).
/// Another sender's `replaces_id` makes a new notification; its `CloseNotification` is refused.
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
    /// The ids each sender recorded, so that `senderLeft` finds a sender's entries without
    /// reading all of them (up to `capacity`: every `notify-send` leaves the bus after its call).
    /// It may still hold ids another sender has since taken over or that were evicted, which
    /// `senderLeft` skips and `evictClosed` prunes.
    private var idsBySender: [String: [UInt32]] = [:]
    private var nextID: UInt32 = 1
    /// The ids have gone past `UInt32.max` and started again at 1 (then no id is new for sure).
    private var hasWrapped = false
    /// Entries kept at most (the oldest closed ones go first).
    var capacity = 100_000

    init(run: String) { self.run = run }

    /// The id a `Notify` from `sender` gets: the replaced one when `replacesID` is known and the
    /// sender may replace it, the one with the same stack tag in the same app (on the same terms),
    /// else a new one.
    mutating func assign(replacesID: UInt32, stackTag: String?, bundleIdentifier: String, sender: String) -> UInt32 {
        if replacesID != 0, let entry = entries[replacesID], entry.bundleIdentifier == bundleIdentifier,
           Self.mayTouch(entry, sender: sender) {
            return replacesID
        }
        if let stackTag, let id = stackTags[bundleIdentifier + "\u{0}" + stackTag], let entry = entries[id],
           Self.mayTouch(entry, sender: sender) {
            return id
        }
        let id = nextID
        if nextID == UInt32.max { hasWrapped = true }
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        return id
    }

    /// Whether `id` (just assigned) has never been handed out by this run: no entry holds it and
    /// the ids have not started again at 1. Its request identifier is then new to history too
    /// (`run` is random per daemon start), so no delivered notification can have it.
    func isNew(_ id: UInt32) -> Bool { !hasWrapped && entries[id] == nil }

    /// Records (or replaces) an entry; returns it with its new generation.
    mutating func record(id: UInt32, bundleIdentifier: String, sender: String, actionKeys: [String], isResident: Bool,
                         isTransient: Bool, stackTag: String?) -> Entry {
        let generation = (entries[id]?.generation ?? 0) + 1
        let identifier = entries[id]?.identifier ?? "fdo-\(run)-\(id)"
        if entries[id]?.sender != sender { idsBySender[sender, default: []].append(id) }
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

    /// Whether `sender` may replace or close `entry`: it sent it, or its sender has left the bus.
    static func mayTouch(_ entry: Entry, sender: String) -> Bool {
        entry.sender == sender || entry.senderGone
    }

    /// Why `sender` may not close notification `id`, or `nil` when it may (it is open, and the
    /// sender's own or orphaned).
    func refusalToClose(_ id: UInt32, sender: String) -> String? {
        guard let entry = entries[id], entry.isOpen else {
            return "notification \(id) is not open: it does not exist or has already closed"
        }
        guard Self.mayTouch(entry, sender: sender) else {
            return "notification \(id) belongs to another sender (\(entry.sender)), which is still connected; "
                + "only its sender can close it"
        }
        return nil
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
        guard let recorded = idsBySender.removeValue(forKey: sender) else { return [] }
        let ids = Set(recorded).filter { id in entries[id].map { $0.sender == sender && !$0.senderGone } ?? false }.sorted()
        for id in ids { entries[id]?.senderGone = true }
        return ids.compactMap { entries[$0] }
    }

    private mutating func evictClosed() {
        let closed = entries.filter { !$0.value.isOpen }.keys.sorted().prefix(entries.count - capacity / 2)
        for id in closed { entries[id] = nil }
        stackTags = stackTags.filter { entries[$0.value] != nil }
        for (sender, ids) in idsBySender {
            let kept = ids.filter { entries[$0]?.sender == sender }
            idsBySender[sender] = kept.isEmpty ? nil : kept
        }
    }
}
