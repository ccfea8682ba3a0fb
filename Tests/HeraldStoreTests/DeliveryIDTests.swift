import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Delivery ids are counted on in memory from one write transaction to the next while no other
/// connection commits (`PRAGMA data_version`), and read afresh once one has: two stores writing
/// the same file in turn never give out one id twice, and each id is above every one before it.
@Suite struct DeliveryIDTests {
    static let app = "com.example.ids"

    @Test func oneStoreCountsOnAcrossTransactions() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let ids = try (0..<5).map { n in
            try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "i\(n)")).deliveryID
        }
        #expect(ids == Array(ids[0]..<ids[0] + 5))
        // An id deleted from the top is never given again.
        try store.deleteDelivered(ids: [ids[4]])
        let next = try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "after")).deliveryID
        #expect(next > ids[4])
    }

    @Test func twoStoresWritingInTurnNeverShareAnId() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let first = try fixture.open()
        let second = try fixture.open()
        var ids: [Int64] = []
        for n in 0..<12 {
            // Runs of one to three inserts by one store, then the other's.
            let store = (n / 2) % 2 == 0 ? first : second
            for k in 0...(n % 3) {
                ids.append(try store.insertDelivered(RecordFixtures.delivered(app: Self.app, identifier: "t\(n).\(k)")).deliveryID)
            }
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids == ids.sorted())
        #expect(try first.historyCount(HistoryQuery()) == ids.count)
    }
}
