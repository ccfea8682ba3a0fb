import Foundation
import Testing
import HeraldCore

@Suite struct InMemoryStoreTests {
    func delivery(_ bundle: String, _ identifier: String, title: String = "", body: String = "", at seconds: TimeInterval,
                  isRead: Bool = false) -> DeliveredRecord {
        DeliveredRecord(bundleIdentifier: bundle,
                        request: RequestRecord(identifier: identifier, content: ContentRecord(title: title, body: body)),
                        date: Date(timeIntervalSince1970: seconds), presentation: [.list], isRead: isRead)
    }

    @Test func deliveryIDsIncreaseAndHistoryIsNewestFirst() throws {
        let store = InMemoryStore()
        let a = try store.insertDelivered(delivery("app", "a", at: 10))
        let b = try store.insertDelivered(delivery("app", "b", at: 30))
        let c = try store.insertDelivered(delivery("app", "c", at: 20))
        #expect(a.deliveryID < b.deliveryID && b.deliveryID < c.deliveryID)
        #expect(try store.history(HistoryQuery()).map(\.identifier) == ["b", "c", "a"])
        #expect(try store.history(HistoryQuery(limit: 1, offset: 1)).map(\.identifier) == ["c"])
        #expect(try store.history(HistoryQuery(limit: 10, offset: 5)).isEmpty)
        #expect(try store.historyCount(HistoryQuery()) == 3)
    }

    @Test func equalDatesOrderByDeliveryID() throws {
        let store = InMemoryStore()
        _ = try store.insertDelivered(delivery("app", "first", at: 10))
        _ = try store.insertDelivered(delivery("app", "second", at: 10))
        #expect(try store.history(HistoryQuery()).map(\.identifier) == ["second", "first"])
    }

    @Test func searchIsCaseInsensitiveTheLastWordAPrefixAndEveryWordMustMatch() throws {
        let store = InMemoryStore()
        _ = try store.insertDelivered(delivery("app", "1", title: "Meeting with Tomás", body: "Room 4", at: 1))
        _ = try store.insertDelivered(delivery("app", "2", title: "Lunch", body: "with Anna", at: 2))
        _ = try store.insertDelivered(delivery("other", "3", title: "Team meeting", at: 3))
        #expect(try store.history(HistoryQuery(search: "MEET")).map(\.identifier) == ["3", "1"])
        #expect(try store.history(HistoryQuery(search: "meeting tom")).map(\.identifier) == ["1"])
        #expect(try store.history(HistoryQuery(search: "meet tom")).isEmpty)   // only the last word is a prefix
        #expect(try store.history(HistoryQuery(search: "eeting")).isEmpty)
        #expect(try store.history(HistoryQuery(bundleIdentifier: "app", search: "with")).map(\.identifier) == ["2", "1"])
        #expect(try store.historyCount(HistoryQuery(search: "room")) == 1)
    }

    @Test func unreadCountsAndUnreadOnly() throws {
        let store = InMemoryStore()
        var a = try store.insertDelivered(delivery("a", "1", at: 1))
        _ = try store.insertDelivered(delivery("a", "2", at: 2))
        _ = try store.insertDelivered(delivery("b", "3", at: 3, isRead: true))
        #expect(try store.unreadCounts() == ["a": 2])
        a.isRead = true
        try store.updateDelivered(a)
        #expect(try store.unreadCounts() == ["a": 1])
        #expect(try store.history(HistoryQuery(unreadOnly: true)).map(\.identifier) == ["2"])
    }

    @Test func listMembershipFollowsUpdates() throws {
        let store = InMemoryStore()
        var a = try store.insertDelivered(delivery("app", "x", at: 1))
        _ = try store.insertDelivered(delivery("app", "y", at: 2))
        #expect(try store.deliveredInList(bundleIdentifier: "app", identifiers: nil).map(\.identifier) == ["y", "x"])
        #expect(try store.deliveredInList(bundleIdentifier: "app", identifiers: ["x"]).map(\.deliveryID) == [a.deliveryID])
        a.isRemovedFromList = true
        try store.updateDelivered(a)
        #expect(try store.deliveredInList(bundleIdentifier: "app", identifiers: ["x"]).isEmpty)
        #expect(try store.historyCount(HistoryQuery()) == 2)
    }

    @Test func deletingDeliveriesRemovesTheirResponses() throws {
        let store = InMemoryStore()
        let a = try store.insertDelivered(delivery("app", "x", at: 1))
        let b = try store.insertDelivered(delivery("other", "y", at: 2))
        _ = try store.insertResponse(ResponseRecord(notification: a, action: .open, date: Date()))
        #expect(try store.responses(deliveryID: a.deliveryID).count == 1)
        try store.deleteDelivered(ids: [a.deliveryID])
        #expect(try store.delivered(id: a.deliveryID) == nil)
        #expect(try store.responses(deliveryID: a.deliveryID).isEmpty)
        try store.deleteAllDelivered(bundleIdentifier: "nobody")
        #expect(try store.delivered(id: b.deliveryID) != nil)
        try store.deleteAllDelivered(bundleIdentifier: nil)
        #expect(try store.historyCount(HistoryQuery()) == 0)
    }

    @Test func responsesQueueOldestFirstUntilDelivered() throws {
        let store = InMemoryStore()
        let a = try store.insertDelivered(delivery("app", "x", at: 1))
        let r1 = try store.insertResponse(ResponseRecord(notification: a, action: .open, date: Date()))
        let r2 = try store.insertResponse(ResponseRecord(notification: a, action: .action("ok"), date: Date()))
        #expect(try store.undeliveredResponses(bundleIdentifier: "app").map(\.responseID) == [r1.responseID, r2.responseID])
        try store.markResponseDeliveredToApp(id: r1.responseID)
        #expect(try store.undeliveredResponses(bundleIdentifier: "app").map(\.responseID) == [r2.responseID])
        #expect(try store.undeliveredResponses(bundleIdentifier: "other").isEmpty)
    }

    @Test func pendingIsKeyedByAppAndIdentifier() throws {
        let store = InMemoryStore()
        let date = Date(timeIntervalSince1970: 0)
        let one = PendingRecord(bundleIdentifier: "a", request: RequestRecord(identifier: "x", content: ContentRecord()),
                                scheduledAt: date, nextFireDate: date)
        try store.savePending(one)
        try store.savePending(one)
        try store.savePending(PendingRecord(bundleIdentifier: "b", request: one.request, scheduledAt: date, nextFireDate: nil))
        #expect(try store.loadPending().count == 2)
        try store.removePending(bundleIdentifier: "a", identifiers: ["x"])
        #expect(try store.loadPending().map(\.bundleIdentifier) == ["b"])
        try store.removeAllPending(bundleIdentifier: "b")
        #expect(try store.loadPending().isEmpty)
    }

    @Test func appsAndValuesRoundTrip() throws {
        let store = InMemoryStore()
        var app = AppRecord(bundleIdentifier: "com.example.mail")
        app.badge = 3
        try store.saveApp(app)
        #expect(try store.loadApps() == [app])
        try store.setValue(true, forKey: "dnd")
        #expect(try store.value(forKey: "dnd") == .bool(true))
        try store.setValue(nil, forKey: "dnd")
        #expect(try store.value(forKey: "dnd") == nil)
    }

    @Test func aFailingBatchRollsBack() throws {
        struct Boom: Error {}
        let store = InMemoryStore()
        try store.saveApp(AppRecord(bundleIdentifier: "kept"))
        #expect(throws: Boom.self) {
            try store.batch {
                try store.saveApp(AppRecord(bundleIdentifier: "lost"))
                try store.batch { try store.setValue(1, forKey: "k") }
                throw Boom()
            }
        }
        #expect(try store.loadApps().map(\.bundleIdentifier) == ["kept"])
        #expect(try store.value(forKey: "k") == nil)
        #expect(try store.batch { 42 } == 42)
    }
}
