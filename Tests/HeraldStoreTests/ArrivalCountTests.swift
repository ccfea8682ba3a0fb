import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Retention as rows arrive keeps each app's row count as rows come and go (`arrivalCounts`),
/// so an insert never counts its app's rows from the index, however many notifications are
/// replaced or removed between inserts; a rollback makes it count afresh.
@Suite struct ArrivalCountTests {
    static let app = "com.example.progress"
    static let other = "com.example.mail"

    private func open(_ fixture: StoreFixture, maxPerApp: Int) throws -> SQLiteStore {
        try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: RetentionPolicy(maxPerApp: maxPerApp, maxAge: nil),
                                            applyRetentionOnOpen: false))
    }

    private func rows(_ store: SQLiteStore, _ app: String) throws -> Int {
        try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0))
    }

    @Test func replacingAndRemovingKeepTheCountsKnownAndRight() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, maxPerApp: 50)
        for n in 0..<20 { _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "p\(n)")) }
        _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.other, identifier: "m0"))
        // A progress notification updated in place, ten times: each replaces the one before.
        for step in 0..<10 {
            _ = try store.insertReplacing(RecordFixtures.delivered(app: Self.app, identifier: "p0", title: "Step \(step)"),
                                          removingPending: false, alongside: nil)
        }
        let ids = try store.history(HistoryQuery(bundleIdentifier: Self.app, limit: 3)).map(\.deliveryID)
        try store.deleteDelivered(ids: ids)
        #expect(store.arrivalCounts[Self.app] == 17, "\(store.arrivalCounts)")
        #expect(store.arrivalCounts[Self.other] == 1, "another app's count was forgotten: \(store.arrivalCounts)")
        #expect(try rows(store, Self.app) == 17)
    }

    @Test func theCapHoldsWithReplacementsBetweenArrivals() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, maxPerApp: 10)
        for n in 0..<40 {
            _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "n\(n)"))
            _ = try store.insertReplacing(RecordFixtures.delivered(app: Self.app, identifier: "n\(n)", title: "again"),
                                          removingPending: false, alongside: nil)
            #expect(try rows(store, Self.app) <= 11)
        }
        #expect(try rows(store, Self.app) == store.arrivalCounts[Self.app])
    }

    @Test func aRolledBackDeletionIsCountedAfresh() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, maxPerApp: 50)
        for n in 0..<5 { _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "n\(n)")) }
        let ids = try store.history(HistoryQuery(bundleIdentifier: Self.app, limit: 2)).map(\.deliveryID)
        struct Undo: Error {}
        _ = try? store.batch {
            try store.deleteDelivered(ids: ids)
            throw Undo()
        }
        _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "n5"))
        #expect(store.arrivalCounts[Self.app] == 6)
        #expect(try rows(store, Self.app) == 6)
    }
}
