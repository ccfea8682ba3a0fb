import Foundation

/// Identifies a pending request: app and request identifier.
struct PendingKey: Hashable, Sendable {
    var bundleIdentifier: String
    var identifier: String
}

/// The engine's pending requests, indexed for scheduling at scale.
///
/// - A global min-heap of (next fire date, heap sequence) finds what is due in O(log n).
/// - A per-app max-heap of (next fire date, add order) finds the request to drop when an app has
///   more than `pendingLimit` dated requests (the soonest-firing ones are kept; on a tie the one
///   added last is dropped). It is built the first time the app goes over the limit and kept up
///   to date from then on, so apps that never reach the limit (and a lifted limit) pay nothing.
/// - Both heaps use lazy deletion: an item is live only while its entry still has the same heap
///   sequence; stale items are skipped when they reach the top, and a heap is rebuilt when more
///   than half of it is stale. Nothing on the add/fire path scans all requests.
/// - Location triggers (no date) and calendar triggers that never match again are kept outside
///   the heaps; location triggers have their own per-app limit.
struct PendingSchedule {
    struct Entry {
        var record: PendingRecord
        /// Order of addition (ties in the 64 limit drop the newest).
        var addedOrder: UInt64
        /// Changes whenever the entry is (re)scheduled; heap items carrying another value are stale.
        var heapSequence: UInt64
    }

    private struct DueItem: Comparable {
        var date: Date
        var sequence: UInt64
        var key: PendingKey
        static func < (lhs: DueItem, rhs: DueItem) -> Bool {
            lhs.date != rhs.date ? lhs.date < rhs.date : lhs.sequence < rhs.sequence
        }
        static func == (lhs: DueItem, rhs: DueItem) -> Bool { lhs.sequence == rhs.sequence }
    }

    /// Ordered so the heap's minimum is the request to drop first: latest date, then newest.
    private struct DropItem: Comparable {
        var date: Date
        var addedOrder: UInt64
        var sequence: UInt64
        var identifier: String
        static func < (lhs: DropItem, rhs: DropItem) -> Bool {
            lhs.date != rhs.date ? lhs.date > rhs.date : lhs.addedOrder > rhs.addedOrder
        }
        static func == (lhs: DropItem, rhs: DropItem) -> Bool { lhs.sequence == rhs.sequence }
    }

    let pendingLimit: Int
    let locationLimit: Int

    private(set) var entries: [String: [String: Entry]] = [:]
    private var dueHeap = BinaryHeap<DueItem>()
    private var dropHeaps: [String: BinaryHeap<DropItem>] = [:]
    private var datedCounts: [String: Int] = [:]
    private var liveDated = 0
    private(set) var locationKeys: [PendingKey: UInt64] = [:]
    private var locationCounts: [String: Int] = [:]
    private var counter: UInt64 = 0

    init(pendingLimit: Int, locationLimit: Int) {
        self.pendingLimit = pendingLimit
        self.locationLimit = locationLimit
    }

    /// The result of an insert: what it replaced (same identifier) and what the limits dropped
    /// (possibly the inserted request itself).
    struct InsertResult {
        var replaced: PendingRecord?
        var dropped: [PendingRecord] = []
    }

    func entry(_ key: PendingKey) -> Entry? { entries[key.bundleIdentifier]?[key.identifier] }

    func records(bundleIdentifier: String) -> [PendingRecord] {
        (entries[bundleIdentifier] ?? [:]).values.sorted { lhs, rhs in
            switch (lhs.record.nextFireDate, rhs.record.nextFireDate) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.addedOrder < rhs.addedOrder
            }
        }.map(\.record)
    }

    var count: Int { entries.values.reduce(0) { $0 + $1.count } }

    mutating func insert(_ record: PendingRecord) -> InsertResult {
        let key = PendingKey(bundleIdentifier: record.bundleIdentifier, identifier: record.request.identifier)
        var result = InsertResult()
        result.replaced = remove(key)
        counter += 1
        let entry = Entry(record: record, addedOrder: counter, heapSequence: counter)
        if case .location = record.request.trigger {
            if locationCounts[key.bundleIdentifier, default: 0] >= locationLimit {
                result.dropped.append(record)
                return result
            }
            locationCounts[key.bundleIdentifier, default: 0] += 1
            locationKeys[key] = entry.addedOrder
            entries[key.bundleIdentifier, default: [:]][key.identifier] = entry
            return result
        }
        entries[key.bundleIdentifier, default: [:]][key.identifier] = entry
        guard let date = record.nextFireDate else { return result }
        pushHeaps(entry, date: date)
        datedCounts[key.bundleIdentifier, default: 0] += 1
        liveDated += 1
        if datedCounts[key.bundleIdentifier, default: 0] > pendingLimit && dropHeaps[key.bundleIdentifier] == nil {
            buildDropHeap(key.bundleIdentifier)
        }
        while datedCounts[key.bundleIdentifier, default: 0] > pendingLimit,
              let victim = popDropCandidate(key.bundleIdentifier) {
            if let removed = remove(PendingKey(bundleIdentifier: key.bundleIdentifier, identifier: victim)) {
                result.dropped.append(removed)
            }
        }
        return result
    }

    @discardableResult
    mutating func remove(_ key: PendingKey) -> PendingRecord? {
        guard let entry = entries[key.bundleIdentifier]?.removeValue(forKey: key.identifier) else { return nil }
        if entries[key.bundleIdentifier]?.isEmpty == true { entries[key.bundleIdentifier] = nil }
        if case .location = entry.record.request.trigger {
            locationKeys[key] = nil
            locationCounts[key.bundleIdentifier, default: 1] -= 1
        } else if entry.record.nextFireDate != nil {
            datedCounts[key.bundleIdentifier, default: 1] -= 1
            liveDated -= 1
            if datedCounts[key.bundleIdentifier] == 0 {
                datedCounts[key.bundleIdentifier] = nil
                dropHeaps[key.bundleIdentifier] = nil
            }
            compactIfNeeded(key.bundleIdentifier)
        }
        return entry.record
    }

    mutating func removeAll(bundleIdentifier: String) -> [PendingRecord] {
        let keys = (entries[bundleIdentifier] ?? [:]).keys
        return keys.compactMap { remove(PendingKey(bundleIdentifier: bundleIdentifier, identifier: $0)) }
    }

    /// The earliest fire date of any pending request.
    mutating func nextFireDate() -> Date? {
        while let top = dueHeap.min {
            if isLive(top) { return top.date }
            dueHeap.popMin()
        }
        return nil
    }

    /// A request that fired, and its rescheduled record when it repeats.
    struct Fired {
        var record: PendingRecord
        var rescheduled: PendingRecord?
    }

    /// Takes every request due at `now` (fire date ≤ now), in fire-date order. Repeating ones are
    /// moved to `nextDate(record, after)`, where `after` is the later of their fire date and now
    /// (so a period missed while the center was down fires once); others are removed.
    mutating func takeDue(now: Date, nextDate: (PendingRecord, Date) -> Date?) -> [Fired] {
        var fired: [Fired] = []
        while let top = dueHeap.min, top.date <= now {
            dueHeap.popMin()
            guard isLive(top), var entry = entry(top.key) else { continue }
            let record = entry.record
            if record.request.trigger?.repeats == true,
               let next = nextDate(record, max(top.date, now)), next > now {
                counter += 1
                entry.heapSequence = counter
                entry.record.nextFireDate = next
                entries[top.key.bundleIdentifier]?[top.key.identifier] = entry
                pushHeaps(entry, date: next)
                fired.append(Fired(record: record, rescheduled: entry.record))
            } else {
                remove(top.key)
                fired.append(Fired(record: record, rescheduled: nil))
            }
        }
        compactDueHeapIfNeeded()
        return fired
    }

    // MARK: Heaps

    private func isLive(_ item: DueItem) -> Bool {
        entry(item.key)?.heapSequence == item.sequence
    }

    private mutating func pushHeaps(_ entry: Entry, date: Date) {
        let key = PendingKey(bundleIdentifier: entry.record.bundleIdentifier, identifier: entry.record.request.identifier)
        dueHeap.insert(DueItem(date: date, sequence: entry.heapSequence, key: key))
        if dropHeaps[key.bundleIdentifier] != nil {
            dropHeaps[key.bundleIdentifier]!
                .insert(DropItem(date: date, addedOrder: entry.addedOrder, sequence: entry.heapSequence,
                                 identifier: key.identifier))
        }
    }

    /// The drop heap of an app that just went over the limit: every dated request it has.
    private mutating func buildDropHeap(_ bundleIdentifier: String) {
        var items: [DropItem] = []
        for (identifier, entry) in entries[bundleIdentifier] ?? [:] {
            guard let date = entry.record.nextFireDate else { continue }
            if case .location = entry.record.request.trigger { continue }
            items.append(DropItem(date: date, addedOrder: entry.addedOrder, sequence: entry.heapSequence,
                                  identifier: identifier))
        }
        dropHeaps[bundleIdentifier] = BinaryHeap(items)
    }

    private mutating func popDropCandidate(_ bundleIdentifier: String) -> String? {
        while let top = dropHeaps[bundleIdentifier]?.popMin() {
            let key = PendingKey(bundleIdentifier: bundleIdentifier, identifier: top.identifier)
            if entry(key)?.heapSequence == top.sequence { return top.identifier }
        }
        return nil
    }

    private mutating func compactIfNeeded(_ bundleIdentifier: String) {
        if let heap = dropHeaps[bundleIdentifier], heap.count > 2 * datedCounts[bundleIdentifier, default: 0] + 64 {
            let live = heap.elements.filter {
                entry(PendingKey(bundleIdentifier: bundleIdentifier, identifier: $0.identifier))?.heapSequence == $0.sequence
            }
            dropHeaps[bundleIdentifier] = BinaryHeap(live)
        }
        compactDueHeapIfNeeded()
    }

    private mutating func compactDueHeapIfNeeded() {
        guard dueHeap.count > 2 * liveDated + 1024 else { return }
        dueHeap = BinaryHeap(dueHeap.elements.filter(isLive))
    }
}
