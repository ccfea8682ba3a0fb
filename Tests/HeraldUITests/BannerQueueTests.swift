import Foundation
import HeraldCore
import Testing
@testable import HeraldUI

@Suite struct BannerQueueTests {
    func delivered(_ record: DeliveredRecord) -> Msg { .event(.delivered(record, replacedDeliveryID: nil)) }

    @Test func bannersStackNewestOnTopAndTheRestWait() {
        var model = Fixtures.model(history: [])
        _ = model.send(delivered(Fixtures.record(1)), delivered(Fixtures.record(2)), delivered(Fixtures.record(3)),
                       delivered(Fixtures.record(4)), delivered(Fixtures.record(5)))
        #expect(model.banner.shown.map(\.id) == [3, 2, 1])
        #expect(model.banner.queue.map(\.id) == [4, 5])
        #expect(model.banner.current?.deliveryID == 1)   // the keys stay on the first banner
        #expect(model.bannerWidgets().last?.widget.waiting == 2)
        #expect(model.view().lines.joined().contains("+2 more"))
        #expect(model.history.map(\.deliveryID) == [5, 4, 3, 2, 1])
    }

    @Test func bannersTimeOutIntoTheListAndTheWaitingOnesComeOn() {
        var model = Fixtures.model(history: [])
        _ = model.send(delivered(Fixtures.record(1)), delivered(Fixtures.record(2)), delivered(Fixtures.record(3)),
                       delivered(Fixtures.record(4)))
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(4)))
        #expect(model.banner.shown.map(\.id) == [3, 2, 1])
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(5)))
        #expect(model.banner.shown.map(\.id) == [4])
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(10)))
        #expect(model.banner.isEmpty)
        #expect(model.listRows.count == 1)   // all in the list (same thread, grouped)
    }

    @Test func alertStyleStaysUntilActedOn() {
        var model = Fixtures.model(apps: [Fixtures.messages, Fixtures.alertCalendar], history: [])
        _ = model.update(delivered(Fixtures.record(1, app: "com.example.calendar", category: "INVITE")))
        #expect(model.banner.focused?.isSticky == true)
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(3600)))
        #expect(model.banner.current?.deliveryID == 1)
        #expect(model.update(.key(.char("1"))) == [.respond(deliveryID: 1, action: .action("ACCEPT"))])
        #expect(model.banner.current == nil)
    }

    @Test func keysActOnTheBannerFirst() {
        var model = Fixtures.model()
        _ = model.update(delivered(Fixtures.record(7, app: "com.example.calendar", category: "INVITE")))
        #expect(model.focusedRecord?.deliveryID == 7)
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 7, action: .open)])
        #expect(model.focusedRecord?.deliveryID == 6)   // back to the list's selection
    }

    @Test func dismissingTheFocusedBannerMovesTheKeysToTheNext() {
        var model = Fixtures.model(history: [])
        _ = model.send(delivered(Fixtures.record(1)), delivered(Fixtures.record(2)))
        #expect(model.update(.key(.char("x"))) == [.respond(deliveryID: 1, action: .dismiss)])
        #expect(model.banner.current?.deliveryID == 2)
    }

    @Test func bannerWaitsWhileReplying() {
        var model = Fixtures.model(history: [])
        _ = model.update(delivered(Fixtures.record(1)))
        _ = model.update(.key(.char("r")))
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(60)))
        #expect(model.banner.current?.deliveryID == 1)
        model.type("ok")
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 1, action: .reply(actionIdentifier: "REPLY", text: "ok"))])
        #expect(model.banner.current == nil)
    }

    @Test func aThousandArrivalsNeverFlood() {
        var model = Fixtures.model(history: [])
        for i in 1...1000 { _ = model.update(delivered(Fixtures.record(Int64(i), thread: "t\(i % 7)"))) }
        _ = model.update(.event(.countsChanged(bundleIdentifier: "com.example.messages", counts: HistoryCounts(unread: 1000, total: 1000))))
        #expect(model.banner.shown.count + model.banner.queue.count <= model.config.maxBanners + model.config.maxQueuedBanners)
        #expect(model.history.count == model.config.historyWindow)
        #expect(model.historyTotal == 1000)
        #expect(model.history.first?.deliveryID == 1000)
    }

    @Test func listOnlyPresentationMakesNoBanner() {
        var model = Fixtures.model(history: [])
        _ = model.update(delivered(Fixtures.record(1, presentation: [.list])))
        #expect(model.banner.current == nil)
        #expect(model.history.count == 1)
    }

    @Test func soundRingsTheBellUnlessMuted() {
        var model = Fixtures.model(history: [])
        #expect(model.update(delivered(Fixtures.record(1, presentation: [.banner, .sound], sound: .default))) == [.bell])
        #expect(model.update(delivered(Fixtures.record(2, presentation: [.sound], sound: .defaultCritical))) == [.bell, .flash])
        _ = model.update(.key(.char(":")))
        model.type("mute")
        _ = model.update(.key(.enter))
        #expect(model.update(delivered(Fixtures.record(3, presentation: [.sound], sound: .default))).isEmpty)
        #expect(model.update(delivered(Fixtures.record(4, presentation: [.sound], sound: .defaultCritical))) == [.flash])
        #expect(model.update(delivered(Fixtures.record(5, presentation: [.list], sound: .default))).isEmpty)
    }

    /// A sound the center played through the sound server rings no bell as well; a critical
    /// one still flashes.
    @Test func aSoundTheCenterPlayedRingsNoBell() {
        var model = Fixtures.model(history: [])
        var played = Fixtures.record(1, presentation: [.banner, .sound], sound: .default)
        played.isSoundHandledByCenter = true
        #expect(model.update(delivered(played)).isEmpty)
        var critical = Fixtures.record(2, presentation: [.sound], sound: .defaultCritical)
        critical.isSoundHandledByCenter = true
        #expect(model.update(delivered(critical)) == [.flash])
        var left = Fixtures.record(3, presentation: [.sound], sound: .default)
        left.isSoundHandledByCenter = false
        #expect(model.update(delivered(left)) == [.bell])
    }

    /// A critical notification that broke through Focus gained `.sound` without a sound of its
    /// own: the default critical sound rings (the bell, and the flash).
    @Test func aCriticalBreakingThroughWithoutASoundRings() {
        var model = Fixtures.model(history: [])
        var critical = Fixtures.record(1, presentation: [.banner, .list, .sound])
        critical.request.content.interruptionLevel = .critical
        #expect(critical.soundToPlay == .defaultCritical)
        #expect(model.update(delivered(critical)) == [.bell, .flash])
        #expect(model.update(delivered(Fixtures.record(2, presentation: [.banner, .list, .sound]))).isEmpty)
    }

    /// A rule's `timeout` (a timeout of the notification's own) wins over `[banners]`' for its
    /// level: 0 keeps it, a number lets even a level kept by the configuration go.
    @Test func aNotificationsOwnTimeoutWinsOverTheLevels() {
        var config = Fixtures.config
        config.bannerTimeouts[.critical] = 0
        var model = AppModel(width: 80, height: 24, now: Fixtures.now, config: config)
        _ = model.update(.appsLoaded([Fixtures.messages, Fixtures.calendar]))
        var kept = Fixtures.record(1)
        kept.request.content.traits = NotificationTraits(bannerTimeout: 0)
        _ = model.update(delivered(kept))
        #expect(model.banner.focused?.isSticky == true)
        var going = Fixtures.record(2)
        going.request.content.interruptionLevel = .critical
        going.request.content.traits = NotificationTraits(bannerTimeout: 3)
        _ = model.update(.key(.char("x")))
        _ = model.update(delivered(going))
        #expect(model.banner.focused?.isSticky == false)
    }

    @Test func replacementUpdatesTheBannerInPlace() {
        var model = Fixtures.model(history: [])
        _ = model.update(delivered(Fixtures.record(1, body: "old")))
        _ = model.update(.event(.delivered(Fixtures.record(2, body: "new"), replacedDeliveryID: 1)))
        #expect(model.banner.current?.deliveryID == 2)
        #expect(model.banner.shown.count == 1)
        #expect(model.banner.queue.isEmpty)
        #expect(model.history.map(\.deliveryID) == [2])
    }

    @Test func removedFromListTakesTheBannerAway() {
        var model = Fixtures.model(history: [])
        var record = Fixtures.record(1)
        _ = model.update(delivered(record))
        record.isRemovedFromList = true
        _ = model.update(.event(.updated(record)))
        #expect(model.banner.current == nil)
    }

    @Test func unknownAppTriggersAppsReload() {
        var model = Fixtures.model(history: [])
        #expect(model.update(delivered(Fixtures.record(1, app: "com.example.new", presentation: [.list]))) == [.loadApps])
    }
}
