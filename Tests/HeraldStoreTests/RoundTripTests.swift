import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct RoundTripTests {
    @Test func appsWithCategoriesSettingsAndTokenSurviveReopening() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let app = RecordFixtures.app("com.example.calendar")
        var other = AppRecord(bundleIdentifier: "org.example.build")
        other.isCommandLineApp = true
        do {
            let store = try fixture.open()
            try store.saveApp(app)
            try store.saveApp(other)
        }
        let apps = try fixture.open().loadApps()
        #expect(apps == [app, other])
    }

    @Test func savingAnAppAgainReplacesItsCategories() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        var app = RecordFixtures.app()
        try store.saveApp(app)
        app.categories = [CategoryRecord(identifier: "ONLY")]
        app.badge = 0
        app.deviceToken = nil
        try store.saveApp(app)
        #expect(try store.loadApps() == [app])
    }

    @Test(arguments: RecordFixtures.triggers)
    func pendingRequestsRoundTripWithEachTrigger(_ trigger: TriggerRecord?) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var record = RecordFixtures.pending(trigger: trigger)
        if case .location? = trigger { record.nextFireDate = nil }
        try fixture.open().savePending(record)
        #expect(try fixture.open().loadPending() == [record])
    }

    @Test func pendingReplaceRemoveAndRemoveAll() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        for id in ["a", "b", "c"] { try store.savePending(RecordFixtures.pending(identifier: id)) }
        try store.savePending(RecordFixtures.pending(app: "other.app", identifier: "a"))
        var replaced = RecordFixtures.pending(identifier: "b")
        replaced.request.content.title = "Changed"
        try store.savePending(replaced)
        #expect(try store.loadPending().count == 4)
        #expect(try store.loadPending().first { $0.request.identifier == "b" }?.request.content.title == "Changed")
        try store.removePending(bundleIdentifier: "com.example.calendar", identifiers: ["a", "zzz"])
        #expect(try store.loadPending().map(\.request.identifier).sorted() == ["a", "b", "c"])
        try store.removeAllPending(bundleIdentifier: "com.example.calendar")
        #expect(try store.loadPending().map(\.bundleIdentifier) == ["other.app"])
    }

    @Test func pendingLoadsSoonestFirst() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let base = RecordFixtures.date
        for (id, offset) in [("late", 300.0), ("soon", 10), ("mid", 100)] {
            var record = RecordFixtures.pending(identifier: id)
            record.nextFireDate = base.addingTimeInterval(offset)
            try store.savePending(record)
        }
        var location = RecordFixtures.pending(identifier: "where", trigger: RecordFixtures.triggers[3])
        location.nextFireDate = nil
        try store.savePending(location)
        #expect(try store.loadPending().map(\.request.identifier) == ["soon", "mid", "late", "where"])
    }

    @Test func deliveredKeepsFullContentUserInfoAndAttachments() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var record = RecordFixtures.delivered(attachmentPath: "/somewhere/slide.png")
        record.request.trigger = .calendar(CalendarComponents(hour: 8), repeats: true)
        let stored = try fixture.open().insertDelivered(record)
        #expect(stored.deliveryID > 0)
        var expected = record
        expected.deliveryID = stored.deliveryID
        #expect(stored == expected)
        let reopened = try fixture.open()
        #expect(try reopened.delivered(id: stored.deliveryID) == expected)
        #expect(try reopened.delivered(id: stored.deliveryID + 100) == nil)
    }

    @Test func deliveryIDsIncreaseAndAreNeverReused() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let first = try store.insertDelivered(RecordFixtures.delivered())
        let second = try store.insertDelivered(RecordFixtures.delivered())
        #expect(second.deliveryID > first.deliveryID)
        try store.deleteDelivered(ids: [second.deliveryID])
        let third = try store.insertDelivered(RecordFixtures.delivered())
        #expect(third.deliveryID > second.deliveryID)
    }

    @Test func flagsUpdateAndTheListShowsOnlyWhatIsStillThere() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let a = try store.insertDelivered(RecordFixtures.delivered(identifier: "a"))
        var b = try store.insertDelivered(RecordFixtures.delivered(identifier: "b"))
        let c = try store.insertDelivered(RecordFixtures.delivered(identifier: "c"))
        _ = try store.insertDelivered(RecordFixtures.delivered(app: "other.app", identifier: "a"))
        b.isRemovedFromList = true
        b.isRead = true
        try store.updateDelivered(b)
        #expect(try store.delivered(id: b.deliveryID) == b)
        #expect(try store.deliveredInList(bundleIdentifier: "com.example.calendar", identifiers: nil)
            .map(\.deliveryID) == [c.deliveryID, a.deliveryID])
        #expect(try store.deliveredInList(bundleIdentifier: "com.example.calendar", identifiers: ["a", "b"])
            .map(\.deliveryID) == [a.deliveryID])
        #expect(try store.deliveredInList(bundleIdentifier: "com.example.calendar", identifiers: []).isEmpty)
        #expect(try store.unreadCounts() == ["com.example.calendar": 2, "other.app": 1])
    }

    @Test func deletingDeliveriesPerAppAndAll() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let a = try store.insertDelivered(RecordFixtures.delivered(identifier: "a"))
        _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "b"))
        _ = try store.insertDelivered(RecordFixtures.delivered(app: "other.app"))
        _ = try store.insertResponse(ResponseRecord(notification: a, action: .open, date: RecordFixtures.date))
        try store.deleteDelivered(ids: [a.deliveryID])
        #expect(try store.responses(deliveryID: a.deliveryID).isEmpty)
        #expect(try store.historyCount(HistoryQuery()) == 2)
        try store.deleteAllDelivered(bundleIdentifier: "com.example.calendar")
        #expect(try store.history(HistoryQuery()).map(\.bundleIdentifier) == ["other.app"])
        try store.deleteAllDelivered(bundleIdentifier: nil)
        #expect(try store.historyCount(HistoryQuery()) == 0)
    }

    @Test(arguments: [ResponseAction.open, .dismiss, .action("ACCEPT"),
                      .reply(actionIdentifier: "REPLY", text: "On my way — 5 min \"late\"\n👍")])
    func responsesRoundTripAndQueueForTheApp(_ action: ResponseAction) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let stored: ResponseRecord
        do {
            let store = try fixture.open()
            let delivery = try store.insertDelivered(RecordFixtures.delivered())
            stored = try store.insertResponse(ResponseRecord(notification: delivery, action: action,
                                                             date: RecordFixtures.date.addingTimeInterval(5)))
            #expect(stored.responseID > 0)
        }
        let store = try fixture.open()
        #expect(try store.undeliveredResponses(bundleIdentifier: "com.example.calendar") == [stored])
        #expect(try store.undeliveredResponses(bundleIdentifier: "other.app").isEmpty)
        try store.markResponseDeliveredToApp(id: stored.responseID)
        #expect(try store.undeliveredResponses(bundleIdentifier: "com.example.calendar").isEmpty)
        var delivered = stored
        delivered.isDeliveredToApp = true
        #expect(try store.responses(deliveryID: stored.notification.deliveryID) == [delivered])
    }

    @Test func undeliveredResponsesComeOldestFirst() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let delivery = try store.insertDelivered(RecordFixtures.delivered())
        let ids = try (0..<3).map { n in
            try store.insertResponse(ResponseRecord(notification: delivery, action: .action("A\(n)"),
                                                    date: RecordFixtures.date)).responseID
        }
        #expect(try store.undeliveredResponses(bundleIdentifier: "com.example.calendar").map(\.responseID) == ids)
    }

    @Test func keyValuesRoundTripAndNilRemoves() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let value: JSONValue = ["doNotDisturb": true, "until": 1_234.5, "apps": ["a", "b"], "none": nil]
        try fixture.open().setValue(value, forKey: "focus")
        try fixture.open().setValue("locked", forKey: "lock")
        let store = try fixture.open()
        #expect(try store.value(forKey: "focus") == value)
        #expect(try store.value(forKey: "lock") == "locked")
        #expect(try store.value(forKey: "missing") == nil)
        try store.setValue(nil, forKey: "focus")
        #expect(try store.value(forKey: "focus") == nil)
    }
}
