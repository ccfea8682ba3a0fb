import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

/// `HistoryQuery.deliveryIDs`: the list a Focus or scheduled summary opens.
@Suite struct HeldListQueryTests {
    @Test func onlyTheListedDeliveriesNewestFirstWithOtherFilters() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let apps = ["com.example.mail", "com.example.chat", "com.example.mail", "com.example.mail"]
        let ids = try apps.map { try store.insertDelivered(RecordFixtures.delivered(app: $0, title: "T")).deliveryID }
        let listed = [ids[0], ids[1], ids[3]]
        #expect(try store.history(HistoryQuery(deliveryIDs: listed)).map(\.deliveryID) == [ids[3], ids[1], ids[0]])
        #expect(try store.historyCount(HistoryQuery(deliveryIDs: listed)) == 3)
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.mail", deliveryIDs: listed)).count == 2)
        #expect(try store.historyCount(HistoryQuery(search: "T", deliveryIDs: [ids[2]])) == 1)
        #expect(try store.history(HistoryQuery(deliveryIDs: [])).isEmpty)
        // The in-memory store agrees.
        let memory = InMemoryStore()
        let memoryIDs = try apps.map { try memory.insertDelivered(RecordFixtures.delivered(app: $0, title: "T")).deliveryID }
        #expect(try memory.history(HistoryQuery(deliveryIDs: [memoryIDs[0], memoryIDs[3]])).map(\.deliveryID)
                == [memoryIDs[3], memoryIDs[0]])
    }
}
