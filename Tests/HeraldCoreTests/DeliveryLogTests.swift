import Foundation
import Testing
@testable import HeraldCore

/// The in-memory store's delivery log: lookups across holes and compaction, and putting back
/// a delivery whose id was compacted away (a batch's undo).
@Suite struct DeliveryLogTests {
    func delivery(_ id: Int64) -> DeliveredRecord {
        DeliveredRecord(deliveryID: id, bundleIdentifier: "app",
                        request: RequestRecord(identifier: "r\(id)", content: ContentRecord()),
                        date: Date(timeIntervalSince1970: Double(id)), presentation: [.list])
    }

    @Test func lookupsSurviveHolesAndCompaction() {
        var log = DeliveryLog()
        for id in Int64(1)...3000 { log.insert(delivery(id)) }
        for id in Int64(1)...3000 where id % 5 != 0 { #expect(log.remove(id)?.deliveryID == id) }
        #expect(log.count == 600)
        #expect(log.all.map(\.deliveryID) == Array(stride(from: Int64(5), through: 3000, by: 5)))
        #expect(log.record(2995)?.deliveryID == 2995)
        #expect(log.record(2994) == nil)
        #expect(log.remove(2994) == nil)
        log.insert(delivery(2994))
        log.insert(delivery(7))
        #expect(log.record(7)?.deliveryID == 7)
        #expect(log.all.map(\.deliveryID).prefix(3) == [5, 7, 10])
        #expect(log.count == 602)
    }

    @Test func updateRewritesInPlace() {
        var log = DeliveryLog()
        log.insert(delivery(1))
        #expect(log.update(1) { $0.isRead = true })
        #expect(log.record(1)?.isRead == true)
        #expect(!log.update(2) { $0.isRead = true })
    }
}
