import Foundation

/// Identifies a pending request: app and request identifier.
struct PendingKey: Hashable, Sendable {
    var bundleIdentifier: String
    var identifier: String
}

/// The engine's pending requests, indexed for scheduling at scale.
///
/// - Each app has a table of rows (`IdentifiedRows`): a request is found by identifier through a
///   compact hash index, and the heaps below refer to it by (app number, row number) — integers,
///   not strings, so heap moves retain nothing and an item is 24 bytes.
/// - A global min-heap of (next fire date, heap sequence) finds what is due in O(log n).
/// - A per-app max-heap of (next fire date, add order) finds the request to drop when an app has
///   more than `pendingLimit` dated requests (the soonest-firing ones are kept; on a tie the one
///   added last is dropped). It is built the first time the app goes over the limit and kept up
///   to date from then on, so apps that never reach the limit (and a lifted limit) pay nothing.
/// - Both heaps use lazy deletion: an item is live only while its row still has the same heap
///   sequence; stale items are skipped when they reach the top, and a heap is rebuilt when more
///   than half of it is stale. Nothing on the add/fire path scans all requests.
/// - Location triggers (no date) and calendar triggers that never match again are kept outside
///   the heaps; location triggers have their own per-app limit.
/// - A request read at start (`StoredPendingRecord`) stays in the store: its row holds the
///   identifier, fire date and trigger kind, and its record is read from `source` whenever it is
///   needed (it fires, is listed, replaced or removed) and not kept.
struct PendingSchedule {
    /// A pending request with its scheduling state.
    struct Entry: IdentifiedRow {
        var pending: PendingRow
        /// Order of addition (ties in the 64 limit drop the newest).
        var addedOrder: UInt64
        /// Changes whenever the entry is (re)scheduled; heap items carrying another value are stale.
        var heapSequence: UInt64

        var identifier: String { pending.identifier }
    }

    /// One app's pending requests and the bookkeeping of its limits.
    private struct AppEntries {
        let bundleIdentifier: String
        var entries = IdentifiedRows<Entry>()
        /// Entries with a fire date (the ones `pendingLimit` counts).
        var datedCount = 0
        var locationCount = 0
        /// Built when the app first goes over `pendingLimit`; dropped when it has no dated entry.
        var dropHeap: BinaryHeap<DropItem>?
    }

    private struct DueItem: Comparable {
        var date: Date
        var sequence: UInt64
        var app: UInt32
        var row: UInt32
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
        var row: UInt32
        static func < (lhs: DropItem, rhs: DropItem) -> Bool {
            lhs.date != rhs.date ? lhs.date > rhs.date : lhs.addedOrder > rhs.addedOrder
        }
        static func == (lhs: DropItem, rhs: DropItem) -> Bool { lhs.sequence == rhs.sequence }
    }

    let pendingLimit: Int
    let locationLimit: Int
    /// Where the requests left in the store are read.
    let source: StoredPendingSource

    /// Apps by number (an app keeps its number for the schedule's lifetime).
    private var apps: [AppEntries] = []
    private var appNumbers: [String: Int] = [:]
    private var dueHeap = BinaryHeap<DueItem>()
    private var liveDated = 0
    private(set) var locationKeys: [PendingKey: UInt64] = [:]
    private var counter: UInt64 = 0
    /// Counts the inserts, removals and takes of requests: a fire that took a request with the
    /// count still the same left the schedule as it is (`stillHolds`).
    private(set) var changes: UInt64 = 0
    /// How many rows are left in the store (`PendingRow.isStored`).
    private(set) var storedCount = 0

    init(pendingLimit: Int, locationLimit: Int, source: StoredPendingSource = StoredPendingSource()) {
        self.pendingLimit = pendingLimit
        self.locationLimit = locationLimit
        self.source = source
    }

    /// The result of an insert: what it replaced (same identifier) and what the limits dropped
    /// (possibly the inserted request itself).
    struct InsertResult {
        var replaced: PendingRecord?
        var dropped: [PendingRecord] = []
    }

    /// The pending record with this key.
    func record(_ key: PendingKey) -> PendingRecord? {
        guard let app = appNumbers[key.bundleIdentifier] else { return nil }
        return apps[app].entries.row(key.identifier)?.pending.record(bundleIdentifier: key.bundleIdentifier, source: source)
    }

    /// Reads the record of the request with this key into its row when it was left in the store:
    /// called before the store's row is replaced, so what the schedule then reports replaced is
    /// the request it held (and its attachments are the ones to delete).
    mutating func keepStoredRecord(_ key: PendingKey) {
        guard storedCount > 0, let app = appNumbers[key.bundleIdentifier],
              let row = apps[app].entries.number(of: key.identifier),
              apps[app].entries.value(at: row, { $0.pending.isStored }) == true else { return }
        let record = apps[app].entries[row].pending.record(bundleIdentifier: key.bundleIdentifier, source: source)
        apps[app].entries.update(at: row) { $0.pending.keep(record) }
        storedCount -= 1
    }

    /// The app's pending records, soonest first (undated ones last, in order of addition).
    func records(bundleIdentifier: String) -> [PendingRecord] {
        guard let app = appNumbers[bundleIdentifier] else { return [] }
        return apps[app].entries.rows.sorted { lhs, rhs in
            switch (lhs.pending.nextFireDate, rhs.pending.nextFireDate) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.addedOrder < rhs.addedOrder
            }
        }.map { $0.pending.record(bundleIdentifier: bundleIdentifier, source: source) }
    }

    /// Every pending key, in no particular order.
    var keys: [PendingKey] {
        apps.flatMap { app in
            app.entries.rows.map { PendingKey(bundleIdentifier: app.bundleIdentifier, identifier: $0.identifier) }
        }
    }

    var count: Int { apps.reduce(0) { $0 + $1.entries.count } }

    mutating func insert(_ record: PendingRecord) -> InsertResult {
        insert(pending: PendingRow(record), bundleIdentifier: record.bundleIdentifier)
    }

    /// Inserts a request the store read at start, its request still encoded.
    mutating func insert(_ stored: StoredPendingRecord) -> InsertResult {
        insert(pending: PendingRow(stored), bundleIdentifier: stored.bundleIdentifier)
    }

    private mutating func insert(pending: consuming PendingRow, bundleIdentifier: String) -> InsertResult {
        let app = appNumber(bundleIdentifier)
        var result = InsertResult()
        counter += 1
        changes += 1
        let order = counter
        // Read before the row moves into its table (a read after would copy it).
        let date = pending.nextFireDate
        let isStored = pending.isStored
        if pending.isLocationTriggered {
            let key = PendingKey(bundleIdentifier: bundleIdentifier, identifier: pending.identifier)
            result.replaced = remove(key)
            if apps[app].locationCount >= locationLimit {
                result.dropped.append(pending.record(bundleIdentifier: bundleIdentifier, source: source))
                return result
            }
            apps[app].locationCount += 1
            if isStored { storedCount += 1 }
            locationKeys[key] = order
            apps[app].entries.upsert(Entry(pending: pending, addedOrder: order, heapSequence: order))
            return result
        }
        let (row, replaced) = apps[app].entries.upsert(Entry(pending: pending, addedOrder: order, heapSequence: order))
        if isStored { storedCount += 1 }
        if let replaced {
            forget(replaced, app: app)
            result.replaced = replaced.pending.record(bundleIdentifier: bundleIdentifier, source: source)
        }
        guard let date else { return result }
        pushHeaps(date: date, addedOrder: order, sequence: order, app: app, row: row)
        apps[app].datedCount += 1
        liveDated += 1
        if apps[app].datedCount > pendingLimit && apps[app].dropHeap == nil {
            buildDropHeap(app)
        }
        while apps[app].datedCount > pendingLimit, let victim = popDropCandidate(app) {
            result.dropped.append(remove(app: app, row: victim))
        }
        return result
    }

    /// Whether the app numbered `app` has a request with this identifier.
    func holds(app: Int, identifier: String) -> Bool {
        apps[app].entries.number(of: identifier) != nil
    }

    /// Removes a one-shot request that fires outside `takeDue` (a location trigger).
    mutating func takeOneShot(_ key: PendingKey) -> Taken? {
        guard let app = appNumbers[key.bundleIdentifier],
              let row = apps[app].entries.number(of: key.identifier) else { return nil }
        changes += 1
        remove(app: app, row: row)
        return Taken(app: UInt32(app), row: UInt32(row), sequence: 0, changes: changes)
    }

    @discardableResult
    mutating func remove(_ key: PendingKey) -> PendingRecord? {
        guard let app = appNumbers[key.bundleIdentifier],
              let row = apps[app].entries.number(of: key.identifier) else { return nil }
        changes += 1
        return remove(app: app, row: row)
    }

    mutating func removeAll(bundleIdentifier: String) -> [PendingRecord] {
        guard let app = appNumbers[bundleIdentifier] else { return [] }
        changes += 1
        return apps[app].entries.numbered.map { remove(app: app, row: $0.number) }
    }

    /// The earliest fire date of any pending request.
    mutating func nextFireDate() -> Date? {
        while let top = dueHeap.min {
            if isLive(top) { return top.date }
            dueHeap.popMin()
        }
        return nil
    }

    /// Takes every request due at `now` (fire date ≤ now), in fire-date order (at the same date, in
    /// the order they were scheduled: after a start, the store's order). Repeating ones are moved
    /// to `nextDate(record, after)`, where `after` is the later of their fire date and now (so a
    /// period missed while the center was down fires once); others are removed. A request left
    /// in the store is read once here.
    mutating func takeDue(now: Date, nextDate: (PendingRecord, Date) -> Date?) -> [Fired] {
        // Rescheduled ones go after `now`: taking every due item first is the same as popping
        // while the top is due.
        let due = dueHeap.popAll { $0.date <= now }
        changes += 1
        var fired: [Fired] = []
        fired.reserveCapacity(due.count)
        for item in due where isLive(item) {
            let app = Int(item.app)
            let row = Int(item.row)
            // Whether it repeats is in a stored request's record: read it first (once).
            var read: PendingRecord?
            let repeats: Bool
            if let known = apps[app].entries.value(at: row, { $0.pending.repeats }) ?? nil {
                repeats = known
            } else {
                let record = apps[app].entries[row].pending.record(bundleIdentifier: apps[app].bundleIdentifier,
                                                                     source: source)
                repeats = record.request.trigger?.repeats == true
                read = record
            }
            if repeats {
                let record = read ?? apps[app].entries[row].pending.record(bundleIdentifier: apps[app].bundleIdentifier,
                                                                             source: source)
                if let next = nextDate(record, max(item.date, now)), next > now {
                    counter += 1
                    let sequence = counter
                    var addedOrder: UInt64 = 0
                    apps[app].entries.update(at: row) { entry in
                        entry.heapSequence = sequence
                        entry.pending.nextFireDate = next
                        addedOrder = entry.addedOrder
                    }
                    pushHeaps(date: next, addedOrder: addedOrder, sequence: sequence, app: app, row: row)
                    fired.append(Fired(record: record, nextFireDate: next, app: app,
                                       taken: Taken(app: UInt32(app), row: UInt32(row), sequence: sequence,
                                                    changes: changes)))
                    continue
                }
            }
            fired.append(Fired(record: remove(app: app, row: row, read: read), nextFireDate: nil, app: app,
                               taken: Taken(app: UInt32(app), row: UInt32(row), sequence: 0, changes: changes)))
        }
        compactDueHeapIfNeeded()
        return fired
    }

    /// The apps of the fired requests, with their numbers (`Fired.app`, below `appCount`), in the
    /// order of their first fired request (found by number: no string is hashed).
    func bundles(of fired: [Fired]) -> [(app: Int, bundleIdentifier: String)] {
        var bundles: [(app: Int, bundleIdentifier: String)] = []
        var seen = [Bool](repeating: false, count: apps.count)
        for index in fired.indices where !seen[fired[index].app] {
            seen[fired[index].app] = true
            bundles.append((fired[index].app, apps[fired[index].app].bundleIdentifier))
        }
        return bundles
    }

    /// How many apps the schedule has numbered (every `Fired.app` is below it).
    var appCount: Int { apps.count }

    // MARK: Apps and rows

    /// The app's number, made on first use.
    private mutating func appNumber(_ bundleIdentifier: String) -> Int {
        if let app = appNumbers[bundleIdentifier] { return app }
        apps.append(AppEntries(bundleIdentifier: bundleIdentifier))
        appNumbers[bundleIdentifier] = apps.count - 1
        return apps.count - 1
    }

    /// Removes row `row` of `app` and returns its record: `read` when the caller has read it already.
    @discardableResult
    private mutating func remove(app: Int, row: Int, read: PendingRecord? = nil) -> PendingRecord {
        let entry = apps[app].entries.remove(at: row)
        forget(entry, app: app)
        if let read { return read }
        // Its last use: the row gives its request away instead of a copy of it.
        return (consume entry).pending.record(bundleIdentifier: apps[app].bundleIdentifier, source: source)
    }

    /// Updates the counts for an entry that left the table (its heap items are stale from now on).
    private mutating func forget(_ entry: Entry, app: Int) {
        if entry.pending.isStored { storedCount -= 1 }
        if entry.pending.isLocationTriggered {
            locationKeys[PendingKey(bundleIdentifier: apps[app].bundleIdentifier, identifier: entry.identifier)] = nil
            apps[app].locationCount -= 1
        } else if entry.pending.nextFireDate != nil {
            apps[app].datedCount -= 1
            liveDated -= 1
            if apps[app].datedCount == 0 { apps[app].dropHeap = nil }
            compactIfNeeded(app)
        }
    }

    // MARK: Heaps

    private func isLive(_ item: DueItem) -> Bool {
        isLive(row: Int(item.row), app: Int(item.app), sequence: item.sequence)
    }

    private func isLive(_ item: DropItem, app: Int) -> Bool {
        isLive(row: Int(item.row), app: app, sequence: item.sequence)
    }

    /// Whether a heap item for (app, row) with this sequence still stands for its row.
    func isLive(row: Int, app: Int, sequence: UInt64) -> Bool {
        apps[app].entries.value(at: row) { $0.heapSequence } == sequence
    }

    private mutating func pushHeaps(date: Date, addedOrder: UInt64, sequence: UInt64, app: Int, row: Int) {
        dueHeap.insert(DueItem(date: date, sequence: sequence, app: UInt32(app), row: UInt32(row)))
        if apps[app].dropHeap != nil {
            apps[app].dropHeap!.insert(DropItem(date: date, addedOrder: addedOrder, sequence: sequence, row: UInt32(row)))
        }
    }

    /// The drop heap of an app that just went over the limit: every dated request it has.
    private mutating func buildDropHeap(_ app: Int) {
        var items: [DropItem] = []
        for (row, entry) in apps[app].entries.numbered {
            guard let date = entry.pending.nextFireDate else { continue }
            if entry.pending.isLocationTriggered { continue }
            items.append(DropItem(date: date, addedOrder: entry.addedOrder, sequence: entry.heapSequence,
                                  row: UInt32(row)))
        }
        apps[app].dropHeap = BinaryHeap(items)
    }

    private mutating func popDropCandidate(_ app: Int) -> Int? {
        while let top = apps[app].dropHeap?.popMin() {
            if isLive(top, app: app) { return Int(top.row) }
        }
        return nil
    }

    private mutating func compactIfNeeded(_ app: Int) {
        if let heap = apps[app].dropHeap, heap.count > 2 * apps[app].datedCount + 64 {
            apps[app].dropHeap = BinaryHeap(heap.elements.filter { isLive($0, app: app) })
        }
        compactDueHeapIfNeeded()
    }

    private mutating func compactDueHeapIfNeeded() {
        guard dueHeap.count > 2 * liveDated + 1024 else { return }
        dueHeap = BinaryHeap(dueHeap.elements.filter(isLive))
    }
}
