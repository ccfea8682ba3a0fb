import Foundation
import HeraldCore
import Testing
import TerminalKit
@testable import HeraldUI

@Suite struct FocusUITests {
    func summaryRecord(ids: [Int64]) -> DeliveredRecord {
        let held = ids.map {
            HeldNotification(deliveryID: $0, bundleIdentifier: "com.example.messages", appName: "Messages",
                             title: "Alice", relevanceScore: 0, date: Fixtures.now)
        }
        var record = Fixtures.record(99, app: FocusRules.summaryBundleIdentifier, title: "x")
        record.request.content = FocusSummary.focusEnded(name: "Work", held: held)
        record.presentation = [.banner, .list]
        return record
    }

    @Test func theHeaderShowsTheFocusAndWhenItEnds() {
        var model = Fixtures.model()
        _ = model.update(.event(.focusChanged(FocusStatus(name: "Work", endsAt: Fixtures.now.addingTimeInterval(3300),
                                                          isScheduled: false))))
        #expect(model.view().lines[0].contains("◐ Work until 15:00"))
        #expect(model.doNotDisturb)
        _ = model.update(.event(.focusChanged(nil)))
        #expect(model.view().lines[0].contains("DND off"))
    }

    @Test func focusCommandsBecomeChanges() {
        var model = Fixtures.model()
        #expect(model.runCommand("focus on Do Not Disturb for 1h")
                == [.changeFocus(.turnOn(name: "Do Not Disturb", end: .duration(seconds: 3600)))])
        #expect(model.runCommand("focus on Work until 14:00")
                == [.changeFocus(.turnOn(name: "Work", end: .until(time: TimeOfDay(hour: 14))))])
        #expect(model.runCommand("focus off") == [.changeFocus(.turnOff)])
        #expect(model.runCommand("focus on Work for soon").isEmpty)
        #expect(model.status?.isError == true)
        #expect(model.runCommand("focus") == [.loadFocus])
        #expect(model.overlay == .focus(FocusScreenState()))
    }

    @Test func theFocusScreenTurnsTheSelectedModeOnAndOff() {
        var model = Fixtures.model()
        _ = model.runCommand("focus")
        let overview = FocusOverview(modes: [.doNotDisturb, FocusMode(name: "Work", allowedApps: ["Messages"])],
                                     active: nil, heldCount: 0, summaryTimes: [TimeOfDay(hour: 8)], collectedCount: 0,
                                     nextSummaryAt: nil)
        _ = model.update(.focusLoaded(overview))
        #expect(model.view().lines.joined(separator: "\n").contains("Work"))
        _ = model.update(.key(.down))
        #expect(model.update(.key(.enter)) == [.changeFocus(.turnOn(name: "Work", end: .untilTurnedOff))])
        var on = overview
        on.active = FocusStatus(name: "Work", endsAt: nil, isScheduled: false)
        _ = model.update(.focusLoaded(on))
        #expect(model.update(.key(.enter)) == [.changeFocus(.turnOff)])
        _ = model.update(.key(.escape))
        #expect(model.overlay == nil)
    }

    @Test func enterOnTheSummaryBannerOpensTheHeldListAndEscLeavesIt() {
        var model = Fixtures.model()
        _ = model.update(.event(.delivered(summaryRecord(ids: [6, 4]), replacedDeliveryID: nil)))
        #expect(model.banner.current?.deliveryID == 99)
        let effects = model.update(.key(.enter))
        #expect(model.banner.current == nil)
        #expect(model.heldFilter?.deliveryIDs == [6, 4])
        #expect(effects.contains(.markRead([99])))
        #expect(effects.contains(.loadHistory(HistoryQuery(limit: model.config.historyWindow, deliveryIDs: [6, 4]))))
        let held = Fixtures.history.filter { [6, 4].contains($0.deliveryID) }
        _ = model.update(.historyLoaded(model.historyQuery, held, total: 2))
        #expect(model.view().lines[1].contains("Work ended — 2 held"))
        #expect(model.update(.key(.escape)) == [.loadHistory(HistoryQuery(limit: model.config.historyWindow))])
        #expect(model.heldFilter == nil)
    }
}
