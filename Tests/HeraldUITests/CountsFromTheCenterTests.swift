import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldUI

/// The unread counts and the list's total are the center's (`.countsChanged`); the UI keeps no
/// arithmetic of its own.
@Suite struct CountsFromTheCenterTests {
    static let messages = "com.example.messages"

    @Test func anArrivalChangesNoCountUntilTheCenterSendsThem() {
        var model = Fixtures.model(history: [])
        _ = model.update(.event(.delivered(Fixtures.record(1), replacedDeliveryID: nil)))
        #expect(model.history.map(\.deliveryID) == [1])
        #expect(model.totalUnread == 0 && model.historyTotal == 0)
        _ = model.update(.event(.countsChanged(bundleIdentifier: Self.messages, counts: HistoryCounts(unread: 7, total: 40))))
        #expect(model.totalUnread == 7)
        #expect(model.historyTotal == 40)
        #expect(model.view().lines.joined().contains("7"))
    }

    @Test func theTotalFollowsTheSelectedAppAndASearchAsksTheCenter() {
        var model = Fixtures.model()
        _ = model.update(.countsLoaded([Self.messages: HistoryCounts(unread: 2, total: 10),
                                        "com.example.calendar": HistoryCounts(unread: 1, total: 5)]))
        #expect(model.historyTotal == 15)
        _ = model.update(.key(.char("/")))
        for character in "zzz" { _ = model.update(.key(.char(character))) }
        _ = model.update(.key(.enter))
        _ = model.update(.historyLoaded(model.historyQuery, [], total: 0))
        #expect(model.historyTotal == 0)
        // A search's total is not the app's: counts leave it, a deletion reloads it.
        _ = model.update(.event(.countsChanged(bundleIdentifier: Self.messages, counts: HistoryCounts(unread: 2, total: 11))))
        #expect(model.historyTotal == 0)
        #expect(model.update(.event(.deleted(deliveryIDs: [99]))).contains(.loadHistory(model.historyQuery)))
    }

    @Test func keptIsTheCentersWord() {
        var record = Fixtures.record(1)
        record.deliveryID = 0
        var model = Fixtures.model(history: [])
        _ = model.update(.event(.delivered(record, replacedDeliveryID: nil)))
        #expect(model.history.isEmpty)   // shown (a banner) but not kept: never in the list
        #expect(!model.banner.shown.isEmpty)
    }
}

/// A load's answer is read on the engine before an event it reaches the UI after: it does not
/// undo that event (the reconnection race of `ReconnectTests`).
@Suite struct LoadRaceTests {
    @Test func aPageReadBeforeAnArrivalKeepsTheArrival() {
        var model = Fixtures.model(history: [Fixtures.record(1)])
        let effects = model.update(.reconnected)
        #expect(effects.contains(.loadHistory(model.historyQuery)))
        _ = model.update(.event(.delivered(Fixtures.record(2, title: "Meanwhile"), replacedDeliveryID: nil)))
        _ = model.update(.event(.countsChanged(bundleIdentifier: "com.example.messages", counts: HistoryCounts(unread: 2, total: 2))))
        // The answers, read before the arrival:
        _ = model.update(.countsLoaded(["com.example.messages": HistoryCounts(unread: 1, total: 1)]))
        _ = model.update(.historyLoaded(model.historyQuery, [Fixtures.record(1)], total: 1))
        #expect(model.history.map(\.deliveryID) == [2, 1])
        #expect(model.historyTotal == 2)
        #expect(model.totalUnread == 2)
    }

    @Test func anArrivalAlreadyInThePageIsShownOnce() {
        var model = Fixtures.model(history: [])
        _ = model.update(.reconnected)
        _ = model.update(.historyLoaded(model.historyQuery, [Fixtures.record(2), Fixtures.record(1)], total: 2))
        _ = model.update(.event(.delivered(Fixtures.record(2), replacedDeliveryID: nil)))
        #expect(model.history.map(\.deliveryID) == [2, 1])
    }
}
