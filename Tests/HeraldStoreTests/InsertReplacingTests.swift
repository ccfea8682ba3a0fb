import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

/// `insertReplacing`, in both stores (SQLite: the default, one `batch` of the separate writes;
/// in memory: one lock): a fired request's pending row leaves and its delivery is kept
/// (replacing what is listed under its identifier) as one write, undone whole with a batch.
@Suite struct InsertReplacingTests {
    struct Boom: Error {}

    static let app = "com.example.calendar"

    /// A store (SQLite in `fixture`, or in memory) with requests "r" and "s" pending and an
    /// earlier delivery of "r" listed.
    static func seeded(_ fixture: StoreFixture, sqlite: Bool) throws -> (any NotificationStore, DeliveredRecord) {
        let store: any NotificationStore = sqlite ? try fixture.open() : InMemoryStore()
        try store.savePending(RecordFixtures.pending(app: app, identifier: "r"))
        try store.savePending(RecordFixtures.pending(app: app, identifier: "s"))
        let earlier = try store.insertDelivered(RecordFixtures.delivered(app: app, identifier: "r"))
        return (store, earlier)
    }

    @Test(arguments: [true, false]) func thePendingRowGoesAndTheDeliveryReplacesTheListedOne(sqlite: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, earlier) = try Self.seeded(fixture, sqlite: sqlite)
        let result = try store.insertReplacing(RecordFixtures.delivered(app: Self.app, identifier: "r", title: "again"),
                                               removingPending: true, alongside: nil)
        #expect(result.replaced.map(\.deliveryID) == [earlier.deliveryID])
        #expect(result.stored.deliveryID > earlier.deliveryID)
        #expect(try store.loadPending().map(\.request.identifier) == ["s"])
        #expect(try store.deliveredInList(bundleIdentifier: Self.app, identifier: "r") == [result.stored])
        #expect(try store.delivered(id: earlier.deliveryID) == nil)
        #expect(try store.historyCount(HistoryQuery()) == 1)
    }

    @Test(arguments: [true, false]) func severalListedUnderOneIdentifierComeNewestFirst(sqlite: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store: any NotificationStore = sqlite ? try fixture.open() : InMemoryStore()
        let stored = try (0..<3).map { n in
            try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "r", title: "\(n)"))
        }
        _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "other"))
        let listed = try store.deliveredInList(bundleIdentifier: Self.app, identifier: "r")
        #expect(listed.map(\.deliveryID) == stored.map(\.deliveryID).reversed())
        #expect(try store.deliveredInList(bundleIdentifier: Self.app, identifiers: ["r"]) == listed)
    }

    @Test(arguments: [true, false]) func aFailedBatchLeavesThePendingRowAndHistoryAsBefore(sqlite: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, earlier) = try Self.seeded(fixture, sqlite: sqlite)
        let pendingBefore = try store.loadPending()
        let historyBefore = try store.history(HistoryQuery())
        #expect(throws: Boom.self) {
            try store.batch {
                _ = try store.insertReplacing(RecordFixtures.delivered(app: Self.app, identifier: "r"),
                                              removingPending: true, alongside: nil)
                throw Boom()
            }
        }
        #expect(try store.loadPending() == pendingBefore)
        #expect(try store.history(HistoryQuery()) == historyBefore)
        #expect(try store.deliveredInList(bundleIdentifier: Self.app, identifier: "r") == [earlier])
        // The next delivery id is the one the undone insert took.
        let next = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "t"))
        #expect(next.deliveryID == earlier.deliveryID + 1)
    }

    @Test(arguments: [true, false]) func alongsideWritesInTheSameTransaction(sqlite: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, earlier) = try Self.seeded(fixture, sqlite: sqlite)
        var moved = RecordFixtures.pending(app: Self.app, identifier: "r")
        moved.nextFireDate = RecordFixtures.date.addingTimeInterval(3_600)
        let result = try store.insertReplacing(RecordFixtures.delivered(app: Self.app, identifier: "r"),
                                               removingPending: false, alongside: { try store.savePending(moved) })
        #expect(result.replaced == [earlier])
        #expect(try store.loadPending().first { $0.request.identifier == "r" }?.nextFireDate == moved.nextFireDate)

        // A failing `alongside` leaves nothing of the call behind.
        let pendingBefore = try store.loadPending()
        let historyBefore = try store.history(HistoryQuery())
        var later = moved
        later.nextFireDate = RecordFixtures.date.addingTimeInterval(7_200)
        #expect(throws: Boom.self) {
            _ = try store.insertReplacing(RecordFixtures.delivered(app: Self.app, identifier: "s"), removingPending: true,
                                          alongside: {
                                              try store.savePending(later)
                                              throw Boom()
                                          })
        }
        #expect(try store.loadPending() == pendingBefore)
        #expect(try store.history(HistoryQuery()) == historyBefore)
    }
}
