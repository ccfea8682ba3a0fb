import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineFocusTests {
    func lastPresentation(_ h: EngineHarness) -> UNNotificationPresentationOptions? {
        h.events.delivered.last?.record.presentation
    }

    func summaries(_ h: EngineHarness) -> [DeliveredRecord] {
        h.events.delivered.map(\.record).filter { $0.bundleIdentifier == FocusRules.summaryBundleIdentifier }
    }

    func focusEvents(_ h: EngineHarness) -> [FocusStatus?] {
        h.events.all.compactMap { if case .focusChanged(let status) = $0 { return .some(status) } else { return nil } }
    }

    /// An app that asked for critical alerts; `approved`: the person turned them on in settings.
    func criticalApp(_ h: EngineHarness, _ bundle: String = "com.example.alarm", approved: Bool) async throws -> String {
        _ = try await h.engine.requestAuthorization(options: [.alert, .sound, .criticalAlert], bundleIdentifier: bundle)
        var settings = AppSettings()
        settings.criticalAlerts = approved
        try await h.engine.updateSettings(settings, bundleIdentifier: bundle)
        return bundle
    }

    @Test func aHeldNotificationGoesToHistorySilently() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .untilTurnedOff))
        try await h.engine.add(request("a", badge: 1, sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list, .badge])
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).count == 1)
        #expect(try await h.engine.focusOverview().heldCount == 1)
        #expect(await h.engine.doNotDisturb())
    }

    @Test func breakthroughPerLevelAndPerMode() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let mail = await h.authorizedApp("com.example.mail")
        let chat = await h.authorizedApp("com.example.chat")
        let approved = try await criticalApp(h, approved: true)
        let unapproved = try await criticalApp(h, "com.example.siren", approved: false)
        try await h.engine.changeFocus(.saveMode(mode: FocusMode(name: "Work", allowedApps: ["Chat"], allowsTimeSensitive: false)))

        for mode in ["Do Not Disturb", "Work"] {
            try await h.engine.changeFocus(.turnOn(name: mode, end: .untilTurnedOff))
            let timeSensitiveBreaks = mode == "Do Not Disturb"
            try await h.engine.add(request("p", sound: .default, level: .passive), bundleIdentifier: mail)
            #expect(lastPresentation(h) == [.list])
            try await h.engine.add(request("a", sound: .default), bundleIdentifier: mail)
            #expect(lastPresentation(h) == [.list])
            try await h.engine.add(request("t", sound: .default, level: .timeSensitive), bundleIdentifier: mail)
            #expect(lastPresentation(h) == (timeSensitiveBreaks ? [.banner, .list, .sound] : [.list]), "\(mode)")
            // Critical: approved apps always ring, even with no sound in the content.
            try await h.engine.add(request("c", level: .critical), bundleIdentifier: approved)
            #expect(lastPresentation(h) == [.banner, .list, .sound], "\(mode)")
            // Not approved: downgraded to active, so held.
            try await h.engine.add(request("c", sound: .defaultCritical, level: .critical), bundleIdentifier: unapproved)
            #expect(lastPresentation(h) == [.list], "\(mode)")
            // An allowed app presents as usual (by display name, case aside).
            try await h.engine.add(request("c1", sound: .default), bundleIdentifier: chat)
            #expect(lastPresentation(h) == (mode == "Work" ? [.banner, .list, .sound] : [.list]), "\(mode)")
        }
        // The app's own time-sensitive setting off: held even where the mode allows it.
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .untilTurnedOff))
        var settings = AppSettings()
        settings.timeSensitive = false
        try await h.engine.updateSettings(settings, bundleIdentifier: mail)
        try await h.engine.add(request("t2", sound: .default, level: .timeSensitive), bundleIdentifier: mail)
        #expect(lastPresentation(h) == [.list])
        // Without Focus everything presents.
        try await h.engine.changeFocus(.turnOff)
        try await h.engine.add(request("after", sound: .default), bundleIdentifier: mail)
        #expect(lastPresentation(h) == [.banner, .list, .sound])
    }

    @Test func aTimerEndsTheFocusAndOneSummaryTellsWhatArrived() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let mail = await h.authorizedApp("com.example.mail")
        let chat = await h.authorizedApp("com.example.chat")
        let overview = try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .duration(seconds: 3600)))
        #expect(overview.active == FocusStatus(name: "Do Not Disturb", endsAt: EngineHarness.start.addingTimeInterval(3600),
                                               isScheduled: false))
        for i in 0..<3 { try await h.engine.add(request("m\(i)"), bundleIdentifier: mail) }
        try await h.engine.add(request("c"), bundleIdentifier: chat)
        h.clock.advance(by: 3599)
        await h.engine.fireDue()
        #expect(summaries(h).isEmpty)
        h.clock.advance(by: 1)
        await h.engine.fireDue()
        let summary = try #require(summaries(h).first)
        #expect(summaries(h).count == 1)
        #expect(summary.content.body == "4 notifications from 2 apps while Focus was on")
        #expect(summary.content.subtitle == "Mail 3 · Chat 1")
        #expect(summary.presentation.contains(.banner))
        #expect(FocusSummary.deliveryIDs(in: summary.content)?.count == 4)
        #expect(focusEvents(h).last == .some(nil))
        #expect(!(await h.engine.doNotDisturb()))
        // Nothing held: no summary.
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .untilTurnedOff))
        try await h.engine.changeFocus(.turnOff)
        #expect(summaries(h).count == 1)
    }

    @Test func aTimerThatEndedWhileTheCenterWasDownIsOverWhenItComesBack() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.changeFocus(.saveMode(mode: FocusMode(name: "Work")))
        try await h.engine.changeFocus(.turnOn(name: "work", end: .duration(seconds: 1800)))
        try await h.engine.add(request("a"), bundleIdentifier: app)
        try await h.engine.add(request("b"), bundleIdentifier: app)
        // Stopped; still on at restart before the end.
        let early = try await h.reopened()
        #expect(try await early.engine.focusOverview().active?.name == "Work")
        #expect(try await early.engine.focusOverview().heldCount == 2)
        h.clock.advance(by: 7200)
        let later = try await h.reopened()
        await later.engine.fireDue()
        #expect(try await later.engine.focusOverview().active == nil)
        let summary = try #require(summaries(later).first)
        #expect(summary.content.title == "Work ended")
        #expect(summary.content.body == "2 notifications from 1 app while Focus was on")
        try await later.engine.add(request("c", sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(later) == [.banner, .list, .sound])
    }

    @Test func aScheduleTurnsFocusOnAndOffAcrossMidnight() async throws {
        // 2026-01-01 (Thursday) 21:00 UTC.
        let h = try await EngineHarness(now: utc(2026, 1, 1, 21))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let sleep = FocusMode(name: "Sleep", schedule: FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7)))
        try await h.engine.changeFocus(.saveMode(mode: sleep))
        #expect(try await h.engine.focusOverview().active == nil)
        h.clock.set(utc(2026, 1, 1, 22))
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active
                == FocusStatus(name: "Sleep", endsAt: utc(2026, 1, 2, 7), isScheduled: true))
        try await h.engine.add(request("night"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
        h.clock.set(utc(2026, 1, 2, 7))
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active == nil)
        #expect(summaries(h).first?.content.title == "Sleep ended")
    }

    @Test func turningAScheduledFocusOffKeepsItOffUntilItsWindowEnds() async throws {
        let h = try await EngineHarness(now: utc(2026, 1, 1, 23))
        defer { h.directory.remove() }
        let sleep = FocusMode(name: "Sleep", schedule: FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7)))
        try await h.engine.changeFocus(.saveMode(mode: sleep))
        #expect(try await h.engine.focusOverview().active?.name == "Sleep")
        try await h.engine.changeFocus(.turnOff)
        h.clock.set(utc(2026, 1, 2, 3))
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active == nil)
        h.clock.set(utc(2026, 1, 2, 22))
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active?.name == "Sleep")
        #expect(await h.engine.nextFocusChange() == utc(2026, 1, 3, 7))
    }

    @Test func aTimeZoneChangeMovesTheSchedule() async throws {
        let h = try await EngineHarness(now: utc(2026, 1, 1, 21, 30))
        defer { h.directory.remove() }
        let sleep = FocusMode(name: "Sleep", schedule: FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7)))
        try await h.engine.changeFocus(.saveMode(mode: sleep))
        #expect(try await h.engine.focusOverview().active == nil)   // 21:30 in UTC
        h.clock.setTimeZone(TimeZone(identifier: "Europe/Berlin")!)  // 22:30 there
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active
                == FocusStatus(name: "Sleep", endsAt: utc(2026, 1, 2, 6), isScheduled: true))
        h.clock.setTimeZone(TimeZone(identifier: "America/New_York")!)  // 16:30 there
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active == nil)
    }

    @Test func aScheduleAcrossTheSpringForwardNightEndsOnTheNewTime() async throws {
        let clock = ManualClock(now: utc(2026, 3, 28, 20), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let h = try await EngineHarness(clock: clock)
        defer { h.directory.remove() }
        let sleep = FocusMode(name: "Sleep", schedule: FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7)))
        try await h.engine.changeFocus(.saveMode(mode: sleep))
        #expect(await h.engine.nextFocusChange() == utc(2026, 3, 28, 21))
        clock.set(utc(2026, 3, 28, 21))
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active?.endsAt == utc(2026, 3, 29, 5))   // 07:00 CEST
        clock.set(utc(2026, 3, 29, 5))
        await h.engine.fireDue()
        #expect(try await h.engine.focusOverview().active == nil)
    }

    @Test func theScheduledSummaryCollectsAndOrdersByRelevance() async throws {
        let h = try await EngineHarness(now: utc(2026, 1, 1, 9))
        defer { h.directory.remove() }
        let news = await h.authorizedApp("com.example.news")
        let shop = await h.authorizedApp("com.example.shop")
        var settings = AppSettings()
        settings.scheduledDelivery = true
        try await h.engine.updateSettings(settings, bundleIdentifier: news)
        try await h.engine.updateSettings(settings, bundleIdentifier: shop)
        try await h.engine.changeFocus(.setSummaryTimes(times: [TimeOfDay(hour: 18), TimeOfDay(hour: 12)]))
        for (id, app, score) in [("n1", news, 0.2), ("n2", news, 0.9), ("s1", shop, 0.5), ("n3", news, 0.1)] {
            var r = request(id, title: "T-\(id)", sound: .default)
            r.content.relevanceScore = score
            try await h.engine.add(r, bundleIdentifier: app)
            #expect(lastPresentation(h) == [.list])
        }
        // Time-sensitive breaks through the summary.
        try await h.engine.add(request("urgent", sound: .default, level: .timeSensitive), bundleIdentifier: news)
        #expect(lastPresentation(h) == [.banner, .list, .sound])
        let ids = Dictionary(uniqueKeysWithValues: h.events.delivered.map { ($0.record.identifier, $0.record.deliveryID) })
        let overview = try await h.engine.focusOverview()
        #expect(overview.collectedCount == 4)
        #expect(overview.nextSummaryAt == utc(2026, 1, 1, 12))
        #expect(overview.summaryTimes == [TimeOfDay(hour: 12), TimeOfDay(hour: 18)])
        h.clock.set(utc(2026, 1, 1, 12))
        await h.engine.fireDue()
        let summary = try #require(summaries(h).first)
        #expect(summary.content.title == "Scheduled summary: 4 notifications from 2 apps")
        #expect(summary.content.body == "News: T-n2 — and News 2, Shop 1")
        #expect(FocusSummary.deliveryIDs(in: summary.content) == ["n2", "s1", "n1", "n3"].map { ids[$0]! })
        #expect(try await h.engine.focusOverview().collectedCount == 0)
        h.clock.set(utc(2026, 1, 1, 18))
        await h.engine.fireDue()
        #expect(summaries(h).count == 1)
    }

    @Test func modesAreValidatedAndTheBuiltInOneStays() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await #expect(throws: FocusError.unknownMode("Gym")) {
            try await h.engine.changeFocus(.turnOn(name: "Gym", end: .untilTurnedOff))
        }
        await #expect(throws: FocusError.builtInMode("do not disturb")) {
            try await h.engine.changeFocus(.removeMode(name: "do not disturb"))
        }
        await #expect(throws: FocusError.self) { try await h.engine.changeFocus(.setSummaryTimes(times: [])) }
        try await h.engine.changeFocus(.saveMode(mode: FocusMode(name: "Gym")))
        try await h.engine.changeFocus(.turnOn(name: "Gym", end: .untilTurnedOff))
        let modes = try await h.engine.changeFocus(.removeMode(name: "gym"))
        #expect(modes.modes.map(\.name) == ["Do Not Disturb"])
        #expect(modes.active == nil)
    }

    @Test func thePlainSwitchIsTheBuiltInMode() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        try await h.engine.setDoNotDisturb(true)
        #expect(try await h.engine.focusOverview().active == FocusStatus(name: "Do Not Disturb", endsAt: nil, isScheduled: false))
        #expect(h.events.all.contains(.doNotDisturbChanged(true)))
        try await h.engine.setDoNotDisturb(false)
        #expect(!(await h.engine.doNotDisturb()))
        #expect(h.events.all.suffix(2) == [.doNotDisturbChanged(false), .focusChanged(nil)])
    }

    @Test func aStoreFromBeforeFocusKeepsItsDoNotDisturb() async throws {
        let store = InMemoryStore()
        try store.setValue(.bool(true), forKey: "doNotDisturb")
        let h = try await EngineHarness(store: store)
        defer { h.directory.remove() }
        #expect(await h.engine.doNotDisturb())
    }
}
