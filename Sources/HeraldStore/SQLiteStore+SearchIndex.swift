import Dispatch
import Foundation

/// The full-text index is filled after the fact, in bulk.
///
/// A delivery's commit writes its row and nothing of the index: FTS5 costs little per row in
/// bulk (~2 µs) but ~160 µs per commit that carries a row (it writes and merges a one-row
/// segment each time), which was most of the round trip of `herald post`. So the index trails
/// the table: `search_index.indexed_through` is the last delivery id in it, and rows past it
/// are indexed
/// - before every search and search count (so a search always sees every committed row),
/// - shortly after the commits that added them, on a background queue, `searchIndexChunk`
///   rows per transaction (so a burst of posts is indexed in a few bulk transactions),
/// - when a writable store opens (a crash may have left rows behind the index).
///
/// The same pass adds the rows to `unread_counts` (schema version 6): the counters and the
/// index cover the same rows, so `unreadCounts()` adds only the rows past the mark. And it adds
/// their read state to `delivered_read_state` (schema version 8), which a search without an app
/// checks its ids against: every id a search finds is in the index, so in that table too.
///
/// FTS5 keeps the index as segments and merges them. Its automatic merging ran inside the
/// transaction that added rows, so now and then one indexing pass merged megabytes and held the
/// store for ~19 ms. Schema version 5 turns it off (`automerge = 0`); the indexer merges in
/// bounded steps instead (`searchMergePages` pages per step, one step per transaction, until
/// FTS5 has nothing left to merge), after indexing, off the writer's path. FTS5's
/// `crisismerge` (16 segments on one level) stays as the backstop if steps fall behind.
///
/// A search never waits for the index: while another process holds the write lock (a daemon
/// in the middle of a commit; it indexes its own rows a moment later), or in a store opened
/// `.readOnly`, it searches the rows indexed so far.
extension SQLiteStore {
    /// Rows indexed per transaction, so the indexer never holds the write lock for long (at
    /// ~2 µs a row, a couple of milliseconds).
    static let searchIndexChunk = 1_000

    /// Pages of segment merging per transaction (4 KiB each: about a millisecond of work).
    static let searchMergePages = 64

    /// Steps of merging after one indexing pass at most; what is left waits for the next pass.
    static let searchMergeStepsPerPass = 64

    /// How long the background indexer waits after a commit, so that a burst is indexed at once
    /// and a stream of posts meets it rarely (a run holds the store for about a millisecond; at
    /// 20 ms it met 1 post in 50 and showed in the p99 round trip). Searches never wait for it.
    static let searchIndexDelay = DispatchTimeInterval.milliseconds(200)

    /// Indexes every delivery past the index's mark (a no-op when there is none, or when the
    /// store is read-only). Searches call it first; the daemon needs never call it.
    public func updateSearchIndex() throws {
        guard options.mode != .readOnly else { return }
        while try indexNewDeliveries(limit: Self.searchIndexChunk) == Self.searchIndexChunk {
            try mergeSearchIndex(steps: Self.searchMergeStepsPerPass)
        }
        try mergeSearchIndex(steps: Int.max)
    }

    /// Merges the index's segments in bounded steps (`searchMergePages` each, in a transaction
    /// of its own) until FTS5 has nothing left to merge or `steps` have run; returns how many
    /// steps did work.
    @discardableResult
    func mergeSearchIndex(steps: Int) throws -> Int {
        guard options.mode != .readOnly else { return 0 }
        var worked = 0
        while worked < steps {
            let changed = try lockedWrite { () -> Bool in
                let before = connection.totalChanges
                try connection.execute("INSERT INTO delivered_fts (delivered_fts, rank) VALUES ('merge', ?1)",
                                       [.integer(Int64(Self.searchMergePages))])
                // FTS5's documented signal: fewer than two changes means there was nothing to merge.
                return connection.totalChanges - before >= 2
            }
            guard changed else { break }
            worked += 1
        }
        return worked
    }

    /// Indexes what it can without waiting for another process's write lock (on opening).
    func catchUpSearchIndex() throws {
        try locked { try indexWithoutWaiting() }
    }

    /// `catchUpSearchIndex`, holding `access` (before a search).
    func indexWithoutWaiting() throws {
        guard options.mode != .readOnly else { return }
        do {
            // Indexing only: merging is the background indexer's (a search must not wait for it).
            try connection.withoutWaiting {
                while try indexChunk(limit: Self.searchIndexChunk) == Self.searchIndexChunk {}
            }
        } catch StoreError.busy {
            // Another Herald is writing; it indexes what it wrote.
        } catch StoreError.corrupt {
            // Damaged pages past the mark: searches find what was indexed, the rest of history
            // is still served, and the daemon's quick check reports the damage.
        }
    }

    /// Whether deliveries wait to be indexed (holding `access`).
    func searchIndexIsBehind() throws -> Bool {
        try read {
            try connection.integer("""
                SELECT (SELECT coalesce(max(id), 0) FROM delivered) > (SELECT indexed_through FROM search_index)
                """) == 1
        }
    }

    /// Indexes (and counts, when unread) up to `limit` deliveries past the mark in one write
    /// transaction; returns how many.
    @discardableResult
    func indexNewDeliveries(limit: Int) throws -> Int {
        try locked { try indexChunk(limit: limit) }
    }

    /// `indexNewDeliveries`, holding `access`.
    private func indexChunk(limit: Int) throws -> Int {
        guard try searchIndexIsBehind() else { return 0 }
        return try write {
            let through = try connection.integer("SELECT indexed_through FROM search_index") ?? 0
            let window = try connection.queryFirst("""
                SELECT count(*), max(id) FROM (SELECT id FROM delivered WHERE id > ?1 ORDER BY id LIMIT ?2)
                """, [.integer(through), .integer(Int64(limit))]) { ($0.int(0), $0.isNull(1) ? nil : $0.int64(1)) }
            guard let (count, last) = window, let last else { return 0 }
            try connection.execute("""
                INSERT INTO delivered_fts (rowid, title, subtitle, body, app_token)
                SELECT id, title, subtitle, body, app_token FROM delivered WHERE id > ?1 AND id <= ?2
                """, [.integer(through), .integer(last)])
            // The unread counters cover the same rows (schema version 6): the chunk's unread rows
            // per app, in one statement, instead of a trigger program per inserted row.
            try connection.execute("""
                INSERT INTO unread_counts (bundle_id, count)
                SELECT bundle_id, count(*) FROM delivered WHERE id > ?1 AND id <= ?2 AND is_read = 0 GROUP BY bundle_id
                ON CONFLICT (bundle_id) DO UPDATE SET count = count + excluded.count
                """, [.integer(through), .integer(last)])
            // So does the read state a search filters on (schema version 8), off the insert's path.
            try connection.execute("""
                INSERT INTO delivered_read_state (id, is_read)
                SELECT id, is_read FROM delivered WHERE id > ?1 AND id <= ?2
                """, [.integer(through), .integer(last)])
            try connection.execute("UPDATE search_index SET indexed_through = ?1", [.integer(last)])
            return count
        }
    }

    /// Asks the background queue to index new deliveries, once per burst. Called holding
    /// `access` by each insert (a no-op while a run is queued); the run, `searchIndexDelay` later,
    /// indexes what is committed by then.
    func scheduleSearchIndexing() {
        guard !searchIndexingScheduled, options.mode != .readOnly else { return }
        searchIndexingScheduled = true
        Self.searchIndexQueue.asyncAfter(deadline: .now() + Self.searchIndexDelay) { [weak self] in
            self?.runScheduledSearchIndexing()
        }
    }

    /// One run of the background indexer; it waits for a batch under way to end (`batchGate`).
    private func runScheduledSearchIndexing() {
        batchGate.withLock { _ in indexAndMerge() }
    }

    private func indexAndMerge() {
        // A failure here (disk full, a lock held too long) is not lost: the rows stay past the
        // mark, and the next search indexes them or reports the error to its caller.
        guard let indexed = try? locked({ () throws -> (count: Int, mergeDue: Bool) in
            searchIndexingScheduled = false
            let count = try indexChunk(limit: Self.searchIndexChunk)
            return (count, count > 0 || mergeCutShort)
        }) else { return }
        let (count, mergeDue) = indexed
        // Each step is a transaction of its own: a post waits for one step at most. Only after
        // a pass that added a segment (or one whose merging was cut short): none is due otherwise.
        let merged = mergeDue ? (try? mergeSearchIndex(steps: Self.searchMergeStepsPerPass)) ?? 0 : 0
        access.withLock { _ in
            mergeCutShort = merged == Self.searchMergeStepsPerPass
            if count == Self.searchIndexChunk || mergeCutShort { scheduleSearchIndexing() }
        }
    }

    /// Waits until the background indexer has no run under way or queued (tests that then
    /// touch the file by other means wait on this instead of a stopwatch).
    func waitForSearchIndexer() {
        while true {
            Self.searchIndexQueue.sync {}   // a run under way ends
            guard access.withLock({ _ in searchIndexingScheduled }) else { return }
            usleep(10_000)   // a run is due within `searchIndexDelay`
        }
    }

    /// One queue for every store's background indexing (utility work, off the engine's thread).
    static let searchIndexQueue = DispatchQueue(label: "herald.store.search-index", qos: .utility)
}
