import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// Several banners at once: a stack, newest on top; the keys stay on the banner the user is
/// reading; `Tab` moves them, `X` closes all; a flood from one app becomes "N new from App".
@Suite struct BannerStackTests {
    func delivered(_ record: DeliveredRecord) -> Msg { .event(.delivered(record, replacedDeliveryID: nil)) }
    func invite(_ id: Int64) -> DeliveredRecord { Fixtures.record(id, app: "com.example.calendar", category: "INVITE") }
    func ci(_ id: Int64) -> DeliveredRecord {
        Fixtures.record(id, app: "com.example.ci", title: "Build \(id)", body: "passed", category: "")
    }
    static var apps: [AppRecord] { [Fixtures.messages, Fixtures.calendar, AppRecord(bundleIdentifier: "com.example.ci")] }

    /// The golden screen: three banners from three apps at 80×24, the first arrival focused.
    @Test func threeStackedBanners80x24() {
        var model = Fixtures.model(apps: Self.apps)
        _ = model.send(delivered(invite(10)), delivered(Fixtures.record(11, title: "Bob", body: "Running late 🏃")),
                       delivered(ci(12)), delivered(ci(13)))
        _ = model.update(batch: Fixtures.countsChanged(Fixtures.history + model.history.filter { $0.deliveryID >= 10 }))
        assertSnapshot(model.view(), named: "banners-stacked-80x24")
    }

    /// A fresh banner (a `post --wait` prompt) arriving on top never takes a key meant for the
    /// banner the user is reading.
    @Test func aNewBannerNeverTakesTheKeysOfTheOneBeingRead() {
        var model = Fixtures.model(apps: Self.apps)
        _ = model.update(delivered(invite(10)))
        _ = model.update(delivered(invite(11)))   // arrives on top
        #expect(model.banner.shown.map(\.id) == [11, 10])
        #expect(model.update(.key(.char("1"))) == [.respond(deliveryID: 10, action: .action("ACCEPT"))])
        #expect(model.banner.shown.map(\.id) == [11])
    }

    @Test func tabMovesTheKeysBetweenBanners() {
        var model = Fixtures.model(apps: Self.apps)
        _ = model.send(delivered(invite(10)), delivered(invite(11)), delivered(invite(12)))
        #expect(model.banner.focusedID == 10)   // the bottom one: it came first
        _ = model.update(.key(.tab))
        #expect(model.banner.focusedID == 12)   // wraps to the top
        _ = model.update(.key(.backTab))
        #expect(model.banner.focusedID == 10)
        _ = model.update(.key(.backTab))
        #expect(model.banner.focusedID == 11)
        #expect(model.activePane == .list)   // Tab did not switch panes while banners were up
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 11, action: .open)])
    }

    @Test func capitalXClosesEveryBannerAndLeavesThemInTheList() {
        var model = Fixtures.model(apps: Self.apps, history: [])
        _ = model.send(delivered(invite(10)), delivered(invite(11)), delivered(invite(12)), delivered(invite(13)))
        #expect(model.update(.key(.char("X"))).isEmpty)   // no responses: closing a banner is not dismissing
        #expect(model.banner.shown.isEmpty && model.banner.queue.isEmpty)
        #expect(model.history.count == 4)
        #expect(model.status?.text == "4 banners closed — they are in the list")
    }

    /// When the focused banner goes, the keys move to the next — which takes action keys only
    /// after the grace: a second press meant for the banner that went does not answer it.
    @Test func aKeyMeantForTheBannerThatWentDoesNotAnswerTheNext() {
        var model = Fixtures.model(apps: Self.apps)
        model.config.bannerKeyGrace = 0.4
        _ = model.send(delivered(invite(10)), delivered(invite(11)))
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(1)))
        #expect(model.update(.key(.char("1"))) == [.respond(deliveryID: 10, action: .action("ACCEPT"))])
        #expect(model.banner.focusedID == 11)
        #expect(model.update(.key(.char("1"))).isEmpty)
        #expect(model.status?.text == "The keys moved to this banner — press again to act on it")
        #expect(model.update(.key(.char("1"))) == [.respond(deliveryID: 11, action: .action("ACCEPT"))])
    }

    /// A banner alone on a quiet screen takes keys at once; one arriving right after the focused
    /// banner went waits the grace, as a banner the keys moved to would.
    @Test func aBannerArrivingJustAfterTheFocusedOneWentWaitsTheGrace() {
        var model = Fixtures.model(apps: Self.apps)
        model.config.bannerKeyGrace = 0.4
        _ = model.update(delivered(invite(10)))
        _ = model.update(delivered(invite(11)))
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 10, action: .open)])
        #expect(model.update(.key(.char("x"))).isEmpty)   // 11 got the keys by itself
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(1)))
        #expect(model.update(.key(.char("X"))).isEmpty)   // all closed (X is not an action key)
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(2)))
        _ = model.update(delivered(invite(12)))            // long after: at once
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 12, action: .open)])
        _ = model.update(delivered(invite(13)))            // just after 12 went: waits
        #expect(model.update(.key(.enter)).isEmpty)
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(3)))
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 13, action: .open)])
    }

    /// 50 posts from one app in a burst: three banners on screen, the rest one "47 new from Ci".
    @Test func aFloodFromOneAppCoalesces() {
        var model = Fixtures.model(apps: Self.apps, history: [])
        for id in 1...50 { _ = model.update(delivered(ci(Int64(id)))) }
        #expect(model.banner.shown.map(\.id) == [3, 2, 1])
        #expect(model.banner.queue.count == 1)
        #expect(model.banner.queue.first?.count == 47)
        #expect(model.view().lines.joined().contains("+47 more"))
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(5)))   // the three time out
        #expect(model.banner.shown.count == 1)
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("47 new from Ci"))
        #expect(screen.contains("Build 50"))
        for id in 51...60 { _ = model.update(delivered(ci(Int64(id)))) }   // the flood goes on: it joins
        #expect(model.banner.shown.first?.count == 57)
        #expect(model.banner.queue.isEmpty)
        // Enter shows the app's notifications.
        #expect(model.update(.key(.enter)) == [.loadHistory(HistoryQuery(bundleIdentifier: "com.example.ci", limit: 300))])
        #expect(model.banner.isEmpty)
    }

    /// Notifications with something to answer never disappear into a coalesced banner.
    @Test func bannersWithActionsNeverCoalesce() {
        var model = Fixtures.model(apps: Self.apps, history: [])
        for id in 1...6 { _ = model.update(delivered(invite(Int64(id)))) }
        #expect(model.banner.shown.count + model.banner.queue.count == 6)
        #expect(model.banner.all.allSatisfy { !$0.isCoalesced })
    }

    @Test func timeoutsFollowTheInterruptionLevel() {
        var model = Fixtures.model(apps: Self.apps, history: [])
        model.config.bannerTimeouts = [.timeSensitive: 20, .critical: 0]
        var urgent = ci(1)
        urgent.request.content.interruptionLevel = .timeSensitive
        var critical = ci(2)
        critical.request.content.interruptionLevel = .critical
        _ = model.send(delivered(urgent), delivered(critical), delivered(ci(3)))
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(6)))
        #expect(model.banner.shown.map(\.id) == [2, 1])
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(21)))
        #expect(model.banner.shown.map(\.id) == [2])
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(3600)))
        #expect(model.banner.shown.map(\.id) == [2])
    }

    @Test func aSmallScreenStacksWhatFitsAndCountsTheRest() {
        var model = Fixtures.model(width: 40, height: 12, apps: Self.apps, history: [])
        _ = model.send(delivered(invite(1)), delivered(invite(2)), delivered(invite(3)))
        #expect(model.banner.shown.count == 2)
        #expect(model.view().lines.joined().contains("+1 more"))
        _ = model.update(.resize(width: 40, height: 6))
        #expect(model.banner.shown.count == 1)
        _ = model.update(.resize(width: 100, height: 40))
        #expect(model.banner.shown.count == 3)
    }
}
