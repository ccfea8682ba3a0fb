import Foundation
import HeraldCore
import Testing

/// Rollback of a failing batch on the in-memory store, for every kind of write (the store
/// journals undo steps instead of copying itself).
@Suite struct InMemoryStoreBatchTests {
    struct Boom: Error {}

    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func delivered(_ identifier: String, app: String = "a") -> DeliveredRecord {
        DeliveredRecord(bundleIdentifier: app, request: RequestRecord(identifier: identifier, content: ContentRecord(title: identifier)),
                        date: date, presentation: [.banner, .list])
    }

    static func pending(_ identifier: String, app: String = "a") -> PendingRecord {
        PendingRecord(bundleIdentifier: app, request: RequestRecord(identifier: identifier, content: ContentRecord(title: identifier),
                                                                    trigger: .timeInterval(seconds: 60, repeats: false)),
                      scheduledAt: date, nextFireDate: date.addingTimeInterval(60))
    }

    @Test func everyWriteIsUndone() throws {
        let store = InMemoryStore()
        let first = try store.insertDelivered(Self.delivered("one"))
        let second = try store.insertDelivered(Self.delivered("two"))
        let response = try store.insertResponse(ResponseRecord(notification: first, action: .open, date: Self.date))
        try store.savePending(Self.pending("p0"))
        try store.savePending(Self.pending("p1"))
        try store.savePending(Self.pending("p2", app: "b"))
        try store.setValue(true, forKey: "dnd")
        let historyBefore = try store.history(HistoryQuery())
        let pendingBefore = try store.loadPending()

        #expect(throws: Boom.self) {
            try store.batch {
                _ = try store.insertDelivered(Self.delivered("three"))
                var read = second
                read.isRead = true
                read.isRemovedFromList = true
                try store.updateDelivered(read)
                try store.deleteDelivered(ids: [first.deliveryID])
                _ = try store.insertResponse(ResponseRecord(notification: second, action: .dismiss, date: Self.date))
                try store.markResponseDeliveredToApp(id: response.responseID)
                try store.savePending(Self.pending("p3"))
                try store.removePending(bundleIdentifier: "a", identifiers: ["p1"])
                var moved = Self.pending("p0")
                moved.nextFireDate = Self.date.addingTimeInterval(120)
                try store.savePending(moved)   // replaces
                try store.removePending(bundleIdentifier: "a", identifier: "p0")
                try store.removeAllPending(bundleIdentifier: "b")
                try store.setValue(nil, forKey: "dnd")
                try store.saveApp(AppRecord(bundleIdentifier: "new"))
                throw Boom()
            }
        }

        #expect(try store.history(HistoryQuery()) == historyBefore)
        #expect(try store.deliveredInList(bundleIdentifier: "a", identifiers: nil).map(\.identifier) == ["two", "one"])
        #expect(try store.responses(deliveryID: first.deliveryID) == [response])
        #expect(try store.responses(deliveryID: second.deliveryID).isEmpty)
        #expect(try store.undeliveredResponses(bundleIdentifier: "a") == [response])
        #expect(try store.loadPending() == pendingBefore)
        #expect(try store.value(forKey: "dnd") == .bool(true))
        #expect(try store.loadApps().isEmpty)
        #expect(try store.unreadCounts() == ["a": 2])
        // Ids given out inside the rolled-back batch are given out again.
        #expect(try store.insertDelivered(Self.delivered("four")).deliveryID == second.deliveryID + 1)
    }

    @Test func aSucceedingBatchKeepsEverything() throws {
        let store = InMemoryStore()
        try store.batch {
            _ = try store.insertDelivered(Self.delivered("one"))
            try store.savePending(Self.pending("p1"))
        }
        #expect(try store.history(HistoryQuery()).count == 1)
        #expect(try store.loadPending().count == 1)
        // A later failing batch does not undo the earlier one.
        #expect(throws: Boom.self) { try store.batch { throw Boom() } }
        #expect(try store.history(HistoryQuery()).count == 1)
    }
}
