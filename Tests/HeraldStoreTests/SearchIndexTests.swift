import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The full-text index trails the table (schema version 4): rows are indexed in bulk after
/// their commit. A search must still see every committed row, and deleting or changing a row
/// the index has not reached yet must leave the index consistent.
@Suite struct SearchIndexTests {
    /// FTS5's own check of the index against every row of `delivered` (so it needs the index
    /// caught up first).
    private func integrityCheck(_ store: SQLiteStore) throws {
        try store.updateSearchIndex()
        try store.connection.execute("INSERT INTO delivered_fts (delivered_fts, rank) VALUES ('integrity-check', 1)")
    }

    private func indexedThrough(_ store: SQLiteStore) throws -> Int64 {
        try store.connection.integer("SELECT indexed_through FROM search_index") ?? -1
    }

    @Test func aCommittedRowIsFoundByTheNextSearchBeforeTheIndexerRan() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let ids = try store.batch {
            try (0..<3).map { try store.insertDelivered(RecordFixtures.delivered(title: "Lunch \($0)")).deliveryID }
        }
        #expect(try indexedThrough(store) < ids[2])   // the commit itself wrote nothing to the index
        #expect(try store.history(HistoryQuery(search: "lunch")).map(\.deliveryID) == ids.reversed())
        #expect(try store.historyCount(HistoryQuery(search: "lunch 2")) == 1)
        #expect(try indexedThrough(store) == ids[2])
        try integrityCheck(store)
    }

    @Test func deletingAndUpdatingRowsTheIndexHasNotReachedKeepsItConsistent() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let indexed = try store.insertDelivered(RecordFixtures.delivered(title: "Indexed lunch"))
        try store.updateSearchIndex()
        let (early, late) = try store.batch {
            (try store.insertDelivered(RecordFixtures.delivered(title: "Early lunch")),
             try store.insertDelivered(RecordFixtures.delivered(title: "Late lunch")))
        }
        try store.deleteDelivered(ids: [early.deliveryID, indexed.deliveryID])
        try store.connection.execute("UPDATE delivered SET title = 'Late dinner' WHERE id = ?1", [.integer(late.deliveryID)])
        #expect(try store.history(HistoryQuery(search: "lunch")).isEmpty)
        #expect(try store.history(HistoryQuery(search: "dinner")).map(\.deliveryID) == [late.deliveryID])
        try integrityCheck(store)
    }

    @Test func segmentsAreMergedInBoundedStepsNotWhileIndexing() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        // Eight indexing passes leave eight segments: FTS5 merged none of them on its own.
        for pass in 0..<8 {
            _ = try store.insertDelivered(RecordFixtures.delivered(title: "Lunch \(pass)"))
            #expect(try store.indexNewDeliveries(limit: SQLiteStore.searchIndexChunk) == 1)
        }
        #expect(try store.mergeSearchIndex(steps: 1) == 1)   // one bounded step did work
        try store.mergeSearchIndex(steps: Int.max)
        #expect(try store.mergeSearchIndex(steps: Int.max) == 0)   // nothing left to merge
        #expect(try store.historyCount(HistoryQuery(search: "lunch")) == 8)
        try integrityCheck(store)
    }

    @Test func theBackgroundIndexerCatchesUpWithoutASearch() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let last = try (0..<50).map { try store.insertDelivered(RecordFixtures.delivered(title: "Build \($0)")) }.last!
        // Generous: the indexer's queue is utility work, behind everything else of a loaded test run.
        let deadline = Date().addingTimeInterval(30)
        while try indexedThrough(store) < last.deliveryID, Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(try indexedThrough(store) == last.deliveryID)
        try integrityCheck(store)
    }

    @Test func openingAStoreIndexesWhatAnEarlierProcessLeftBehind() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let id: Int64
        do {
            let store = try fixture.open()
            id = try store.insertDelivered(RecordFixtures.delivered(title: "Left behind")).deliveryID
            // As if the process died before its indexer ran.
            try store.connection.execute("INSERT INTO delivered_fts (delivered_fts) VALUES ('delete-all')")
            try store.connection.execute("UPDATE search_index SET indexed_through = 0")
        }
        let reopened = try fixture.open()
        #expect(try indexedThrough(reopened) == id)
        #expect(try reopened.history(HistoryQuery(search: "behind")).map(\.deliveryID) == [id])
        try integrityCheck(reopened)
    }

    @Test func aReadOnlyStoreSearchesWhatIsIndexedAndWritesNothing() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let writer = try fixture.open()
        let first = try writer.insertDelivered(RecordFixtures.delivered(title: "First lunch"))
        try writer.updateSearchIndex()
        try writer.connection.execute("UPDATE search_index SET indexed_through = ?1", [.integer(first.deliveryID)])
        _ = try writer.batch { try writer.insertDelivered(RecordFixtures.delivered(title: "Second lunch")) }
        try writer.connection.execute("UPDATE search_index SET indexed_through = ?1", [.integer(first.deliveryID)])
        let reader = try fixture.open(SQLiteStoreOptions(mode: .readOnly))
        #expect(try reader.history(HistoryQuery(search: "lunch")).map(\.deliveryID) == [first.deliveryID])
        #expect(try indexedThrough(reader) == first.deliveryID)
    }
}
