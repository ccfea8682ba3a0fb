import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineDeliveryTests {
    func lastPresentation(_ h: EngineHarness) -> UNNotificationPresentationOptions? {
        h.events.delivered.last?.record.presentation
    }

    @Test func backgroundAppsGetTheSystemPresentation() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a", badge: 2, sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner, .list, .sound, .badge])
        try await h.engine.add(request("b"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner, .list])
    }

    @Test func foregroundAppsAreAskedWillPresent() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let connection = FakeAppConnection(decision: .options([.list]))
        await h.engine.connect(connection, bundleIdentifier: app)
        try await h.engine.add(request("bg", sound: .default), bundleIdentifier: app)
        #expect(connection.willPresentCalls.isEmpty)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("fg", sound: .default), bundleIdentifier: app)
        #expect(connection.willPresentCalls.map(\.identifier) == ["fg"])
        #expect(lastPresentation(h) == [.list])
        await h.engine.setForeground(false, bundleIdentifier: app)
        try await h.engine.add(request("bg2"), bundleIdentifier: app)
        #expect(connection.willPresentCalls.count == 1)
    }

    @Test func notImplementedAndTimedOutPresentNothing() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let connection = FakeAppConnection(decision: .notImplemented)
        await h.engine.connect(connection, bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x", badge: 3), bundleIdentifier: app)
        #expect(lastPresentation(h) == [])
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).isEmpty)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 0)
        connection.decision = .timedOut
        try await h.engine.add(request("y"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [])
        #expect(h.events.delivered.count == 2)
    }

    @Test func aDelegateThatNeverAnswersTimesOut() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(delegateTimeout: 0.05))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.connect(SilentAppConnection(), bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [])
    }

    /// Answers only after holding its thread, without suspending, longer than the 0.05 s limit.
    final class ThreadHoggingAppConnection: AppConnection {
        func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
            usleep(200_000)   // blocks the thread (Thread.sleep is unavailable in async code)
            return .options([.banner, .list])
        }
        func didReceive(_ response: ResponseRecord) async {}
        func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
        func openSettings(for notification: DeliveredRecord?) async {}
    }

    @Test func aDelegateThatAnswersTooLateWithoutSuspendingTimesOut() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(delegateTimeout: 0.05))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.connect(ThreadHoggingAppConnection(), bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [])
    }

    /// Has its answer at once (`willPresentWithoutWaiting`); its `async` form answers otherwise,
    /// so a test can tell which one the engine used. `hold` keeps the thread before answering.
    final class InlineAppConnection: AppConnection, @unchecked Sendable {
        let hold: useconds_t
        private(set) var inlineCalls = 0
        private(set) var asyncCalls = 0
        init(hold: useconds_t = 0) { self.hold = hold }
        func willPresentWithoutWaiting(_ notification: DeliveredRecord) -> PresentationDecision? {
            inlineCalls += 1
            if hold > 0 { usleep(hold) }
            return .options([.list])
        }
        func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
            asyncCalls += 1
            return .notImplemented
        }
        func didReceive(_ response: ResponseRecord) async {}
        func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
        func openSettings(for notification: DeliveredRecord?) async {}
    }

    @Test func aConnectionWithTheAnswerAtOnceIsAskedInline() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let connection = InlineAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x", sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
        #expect(connection.inlineCalls == 1)
        #expect(connection.asyncCalls == 0)
    }

    @Test func anInlineAnswerPastTheLimitTimesOut() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(delegateTimeout: 0.05))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.connect(InlineAppConnection(hold: 200_000), bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [])
    }

    @Test func noDelegateUsesTheNotificationsOwnOptions() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.connect(FakeAppConnection(decision: .noDelegate), bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x", sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner, .list, .sound])
    }

    @Test func theDeprecatedAlertOptionMeansBannerAndList() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.connect(FakeAppConnection(decision: .options(UNNotificationPresentationOptions(rawValue: 4))),
                               bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("x"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner, .list])
    }

    @Test func badgeNilLeavesZeroClearsNSets() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a", badge: 5), bundleIdentifier: app)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 5)
        try await h.engine.add(request("b", badge: nil), bundleIdentifier: app)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 5)
        #expect(lastPresentation(h)?.contains(.badge) == false)
        try await h.engine.add(request("c", badge: 0), bundleIdentifier: app)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 0)
    }

    @Test func theBadgeIsAppliedOnlyWithBadgeInThePresentation() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let connection = FakeAppConnection(decision: .options([.banner]))
        await h.engine.connect(connection, bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("a", badge: 7), bundleIdentifier: app)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 0)
        connection.decision = .options([.badge])
        try await h.engine.add(request("b", badge: 7), bundleIdentifier: app)
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 7)
        #expect(lastPresentation(h) == [.badge])
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.identifier) == ["a"])
    }

    @Test func unauthorizedOrDisabledAppsPresentNothingAndStoreNothing() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        try await h.engine.add(request("never-asked", badge: 1), bundleIdentifier: "a")
        #expect(lastPresentation(h) == [])
        h.prompter.answer = false
        _ = try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "b")
        try await h.engine.add(request("denied"), bundleIdentifier: "b")
        #expect(lastPresentation(h) == [])
        let app = await h.authorizedApp("c")
        var settings = AppSettings()
        settings.allowNotifications = false
        try await h.engine.updateSettings(settings, bundleIdentifier: app)
        try await h.engine.add(request("off"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [])
        #expect(h.events.delivered.count == 3)
        #expect(try await h.engine.historyCount(HistoryQuery()) == 0)
    }

    @Test func authorizationNarrowsThePresentation() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        _ = try await h.engine.requestAuthorization(options: [.badge], bundleIdentifier: "a")
        try await h.engine.add(request("x", badge: 1, sound: .default), bundleIdentifier: "a")
        #expect(lastPresentation(h) == [.list, .badge])
        _ = try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "b")
        try await h.engine.add(request("y", badge: 1, sound: .default), bundleIdentifier: "b")
        #expect(lastPresentation(h) == [.banner, .list])
    }

    @Test func settingsNarrowThePresentation() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        var settings = AppSettings()
        settings.alertStyle = .none
        settings.sounds = false
        settings.badges = false
        try await h.engine.updateSettings(settings, bundleIdentifier: app)
        try await h.engine.add(request("x", badge: 1, sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
        settings.showInHistory = false
        settings.alertStyle = .alert
        try await h.engine.updateSettings(settings, bundleIdentifier: app)
        try await h.engine.add(request("y"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner])
    }

    @Test func provisionalNotificationsAreQuiet() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        _ = try await h.engine.requestAuthorization(options: [.alert, .sound, .badge, .provisional], bundleIdentifier: "a")
        try await h.engine.add(request("x", badge: 4, sound: .default), bundleIdentifier: "a")
        #expect(lastPresentation(h) == [.list])
        #expect(await h.engine.appRecord(bundleIdentifier: "a").badge == 0)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: "a").count == 1)
    }

    @Test func passiveNeverBannersOrSounds() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("x", sound: .default, level: .passive), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
    }

    @Test func doNotDisturbSilencesAllButCriticalAndTimeSensitive() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.setDoNotDisturb(true)
        try await h.engine.add(request("active", sound: .default), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
        try await h.engine.add(request("ts", sound: .default, level: .timeSensitive), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner, .list, .sound])
        // Critical without `.criticalAlert` authorization counts as active (EngineFocusTests
        // covers approved critical alerts; a `herald post` app has it: TrustedCriticalAlertTests).
        let prompted = "com.example.prompted"
        _ = try await h.engine.requestAuthorization(options: [.alert, .sound], bundleIdentifier: prompted)
        try await h.engine.add(request("crit", sound: .defaultCritical, level: .critical), bundleIdentifier: prompted)
        #expect(lastPresentation(h) == [.list])
        var settings = AppSettings()
        settings.timeSensitive = false
        try await h.engine.updateSettings(settings, bundleIdentifier: app)
        try await h.engine.add(request("ts2", sound: .default, level: .timeSensitive), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
        try await h.engine.setDoNotDisturb(false)
        try await h.engine.add(request("after"), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.banner, .list])
    }

    @Test func aBadgeOnlyNotificationDoesNotShow() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("x", title: "", body: "", badge: 9), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.badge])
        #expect(await h.engine.appRecord(bundleIdentifier: app).badge == 9)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).isEmpty)
    }

    @Test func theSameIdentifierReplacesTheDeliveredNotification() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("score", title: "1-0"), bundleIdentifier: app)
        let first = try #require(h.events.delivered.last?.record)
        #expect(h.events.delivered.last?.replaced == nil)
        try await h.engine.add(request("score", title: "2-0", trigger: after(60)), bundleIdentifier: app)
        h.clock.advance(by: 60)
        await h.engine.fireDue()
        let second = try #require(h.events.delivered.last)
        #expect(second.replaced == first.deliveryID)
        #expect(second.record.deliveryID != first.deliveryID)
        let delivered = await h.engine.deliveredNotifications(bundleIdentifier: app)
        #expect(delivered.map(\.content.title) == ["2-0"])
        #expect(try h.store.delivered(id: first.deliveryID) == nil)
    }

    /// A door's word that an identifier is fresh (`FreshIdentifier`) skips the look-up for that
    /// identifier only: another request still replaces its delivered namesake.
    @Test func aFreshIdentifierSkipsOnlyItsOwnLookUp() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("score", title: "1-0"), bundleIdentifier: app)
        let first = try #require(h.events.delivered.last?.record)
        try await FreshIdentifier.$current.withValue("other") {
            try await h.engine.add(request("score", title: "2-0"), bundleIdentifier: app)
        }
        #expect(h.events.delivered.last?.replaced == first.deliveryID)
        try await FreshIdentifier.$current.withValue("new") {
            try await h.engine.add(request("new", title: "n"), bundleIdentifier: app)
        }
        #expect(h.events.delivered.last?.replaced == nil)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.content.title).sorted() == ["2-0", "n"])
        // The door's word is taken as given: a wrong one keeps both (no look-up was made).
        try await FreshIdentifier.$current.withValue("new") {
            try await h.engine.add(request("new", title: "m"), bundleIdentifier: app)
        }
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).count == 3)
    }

    @Test func removingDeliveredKeepsHistory() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a"), bundleIdentifier: app)
        try await h.engine.add(request("b"), bundleIdentifier: app)
        try await h.engine.add(request("c"), bundleIdentifier: app)
        await h.engine.removeDeliveredNotifications(identifiers: ["a"], bundleIdentifier: app)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.identifier) == ["c", "b"])
        await h.engine.removeAllDeliveredNotifications(bundleIdentifier: app)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).isEmpty)
        #expect(try await h.engine.historyCount(HistoryQuery(bundleIdentifier: app)) == 3)
    }

    @Test func historyControlsEmitEvents() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a", title: "Lunch"), bundleIdentifier: app)
        try await h.engine.add(request("b", title: "Dinner"), bundleIdentifier: app)
        let ids = try await h.engine.history(HistoryQuery()).map(\.deliveryID)
        #expect(try await h.engine.historyCounts()[app] == HistoryCounts(unread: 2, total: 2))
        try await h.engine.markRead(deliveryIDs: [ids[0]], isRead: true)
        #expect(try await h.engine.historyCounts()[app] == HistoryCounts(unread: 1, total: 2))
        #expect(try await h.engine.history(HistoryQuery(search: "lun")).map(\.identifier) == ["a"])
        try await h.engine.deleteHistory(deliveryIDs: [ids[0]])
        #expect(h.events.all.contains(.deleted(deliveryIDs: [ids[0]])))
        try await h.engine.clearHistory(bundleIdentifier: app)
        #expect(h.events.all.contains(.cleared(bundleIdentifier: app)))
        #expect(try await h.engine.historyCount(HistoryQuery()) == 0)
    }

    @Test func eachDeliveryOfARepeatingRequestOwnsItsAttachmentCopy() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let source = try writeFile(h.directory.url, "a.png", bytes: pngBytes)
        var req = request("rep", trigger: after(60, repeats: true))
        req.content.attachments = [try AttachmentValidator.validate(identifier: "a", url: source)]
        try await h.engine.add(req, bundleIdentifier: app)
        h.clock.advance(by: 60)
        await h.engine.fireDue()
        h.clock.advance(by: 60)
        await h.engine.fireDue()
        let paths = h.events.delivered.compactMap { $0.record.content.attachments.first?.path }
        let pendingPath = try #require(await h.engine.pendingRequests(bundleIdentifier: app).first?.content.attachments.first?.path)
        #expect(Set(paths + [pendingPath]).count == 3)
        try await h.engine.clearHistory(bundleIdentifier: app)
        #expect(FileManager.default.fileExists(atPath: pendingPath))
    }
}
