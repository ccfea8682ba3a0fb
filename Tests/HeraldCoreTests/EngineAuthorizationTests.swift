import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineAuthorizationTests {
    @Test func theFirstRequestPromptsAndTheAnswerIsRemembered() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        #expect(await h.engine.appRecord(bundleIdentifier: "com.example.app").authorizationStatus == .notDetermined)
        #expect(try await h.engine.requestAuthorization(options: [.alert, .sound], bundleIdentifier: "com.example.app"))
        #expect(h.prompter.promptCount == 1)
        #expect(h.prompter.promptedOptions == [[.alert, .sound]])
        let app = await h.engine.appRecord(bundleIdentifier: "com.example.app")
        #expect(app.authorizationStatus == .authorized)
        #expect(app.authorizedOptions == [.alert, .sound])
        h.prompter.answer = false
        #expect(try await h.engine.requestAuthorization(options: [.badge], bundleIdentifier: "com.example.app"))
        #expect(h.prompter.promptCount == 1)
    }

    @Test func aDenialIsRememberedToo() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        h.prompter.answer = false
        #expect(try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") == false)
        h.prompter.answer = true
        #expect(try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") == false)
        #expect(h.prompter.promptCount == 1)
        #expect(await h.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .denied)
    }

    @Test func concurrentRequestsShareOnePrompt() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        async let first = h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a")
        async let second = h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a")
        let answers = try await [first, second]
        #expect(answers == [true, true])
        #expect(h.prompter.promptCount == 1)
    }

    @Test func provisionalGrantsQuietlyWithoutAPrompt() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        #expect(try await h.engine.requestAuthorization(options: [.alert, .sound, .provisional], bundleIdentifier: "a"))
        #expect(h.prompter.promptCount == 0)
        #expect(await h.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .provisional)
        // Asking provisionally again changes nothing.
        #expect(try await h.engine.requestAuthorization(options: [.provisional], bundleIdentifier: "a"))
        #expect(h.prompter.promptCount == 0)
        // A provisional app asking for full authorization gets the prompt.
        #expect(try await h.engine.requestAuthorization(options: [.alert, .sound], bundleIdentifier: "a"))
        #expect(h.prompter.promptCount == 1)
        #expect(await h.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .authorized)
    }

    @Test func commandLineAppsAreAuthorizedWithoutAPrompt() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.engine.registerCommandLineApp(bundleIdentifier: "herald.cli")
        let app = await h.engine.appRecord(bundleIdentifier: "herald.cli")
        #expect(app.authorizationStatus == .authorized)
        #expect(app.authorizedOptions == [.alert, .sound, .badge])
        #expect(app.isCommandLineApp)
        #expect(h.prompter.promptCount == 0)
    }

    @Test func appsAreCreatedOnFirstContactAndAnnounced() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        _ = await h.engine.categories(bundleIdentifier: "com.example.calendar")
        let apps = try await h.engine.apps()
        #expect(apps.map(\.bundleIdentifier) == ["com.example.calendar"])
        #expect(apps.first?.displayName == "Calendar")
        #expect(try h.store.loadApps().map(\.bundleIdentifier) == ["com.example.calendar"])
        #expect(h.events.all.contains { if case .appChanged(let app) = $0 { return app.bundleIdentifier == "com.example.calendar" }; return false })
    }

    @Test func setCategoriesReplacesAll() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.engine.setCategories([CategoryRecord(identifier: "A"), CategoryRecord(identifier: "B")], bundleIdentifier: "x")
        await h.engine.setCategories([CategoryRecord(identifier: "C")], bundleIdentifier: "x")
        #expect(await h.engine.categories(bundleIdentifier: "x").map(\.identifier) == ["C"])
    }

    @Test func badgeCounts() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        try await h.engine.setBadgeCount(4, bundleIdentifier: "x")
        #expect(await h.engine.appRecord(bundleIdentifier: "x").badge == 4)
        await #expect(throws: UNError(.badgeInputInvalid)) { try await h.engine.setBadgeCount(-1, bundleIdentifier: "x") }
        await #expect(throws: UNError(.badgeInputInvalid)) { try await h.engine.setBadge(-3, bundleIdentifier: "x") }
        try await h.engine.setBadge(0, bundleIdentifier: "x")
        #expect(await h.engine.appRecord(bundleIdentifier: "x").badge == 0)
    }

    @Test func deviceTokensAre32BytesStableAndPerApp() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let a = await h.engine.deviceToken(bundleIdentifier: "a")
        #expect(a.count == 32)
        #expect(await h.engine.deviceToken(bundleIdentifier: "a") == a)
        #expect(await h.engine.deviceToken(bundleIdentifier: "b") != a)
        let reopened = try await h.reopened()
        #expect(await reopened.engine.deviceToken(bundleIdentifier: "a") == a)
    }

    @Test func settingsAndDoNotDisturbPersist() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        var settings = AppSettings()
        settings.sounds = false
        try await h.engine.updateSettings(settings, bundleIdentifier: "a")
        try await h.engine.setDoNotDisturb(true)
        #expect(await h.engine.doNotDisturb())
        #expect(h.events.all.contains(.doNotDisturbChanged(true)))
        let reopened = try await h.reopened()
        #expect(await reopened.engine.doNotDisturb())
        #expect(await reopened.engine.appRecord(bundleIdentifier: "a").settings.sounds == false)
    }

    @Test func eventsStreamDeliversEvents() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let stream = await h.engine.events()
        try await h.engine.setDoNotDisturb(true)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .doNotDisturbChanged(true))
    }
}

/// A denied app can be allowed again in settings, and is authorized from then on.
@Suite struct EngineAllowAgainTests {
    @Test func aDeniedAppShowsAllowNotificationsOff() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        h.prompter.answer = false
        #expect(try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") == false)
        #expect(await h.engine.appRecord(bundleIdentifier: "a").settings.allowNotifications == false)
    }

    @Test func turningAllowNotificationsOnAuthorizesADeniedApp() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        h.prompter.answer = false
        _ = try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a")
        var settings = await h.engine.appRecord(bundleIdentifier: "a").settings
        settings.allowNotifications = true
        try await h.engine.updateSettings(settings, bundleIdentifier: "a")
        let app = await h.engine.appRecord(bundleIdentifier: "a")
        #expect(app.authorizationStatus == .authorized)
        #expect(app.canDeliver)
        // Asking again is answered from the record: authorized, no prompt.
        #expect(try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a"))
        #expect(h.prompter.promptCount == 1)
        // And it is kept across a restart.
        let reopened = try await h.reopened()
        #expect(await reopened.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .authorized)
    }

    @Test func aDenialStoredWithAllowOnIsReadAsOffAndCanBeAllowed() async throws {
        let store = InMemoryStore()
        var old = AppRecord(bundleIdentifier: "a")
        old.authorizationStatus = .denied
        try store.saveApp(old)   // as an older center saved it: "Allow Notifications" still on
        let h = try await EngineHarness(store: store)
        defer { h.directory.remove() }
        var settings = await h.engine.appRecord(bundleIdentifier: "a").settings
        #expect(settings.allowNotifications == false)
        settings.allowNotifications = true
        try await h.engine.updateSettings(settings, bundleIdentifier: "a")
        #expect(await h.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .authorized)
    }

    @Test func otherSettingsLeaveADeniedAppDenied() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        h.prompter.answer = false
        _ = try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a")
        var settings = await h.engine.appRecord(bundleIdentifier: "a").settings
        settings.sounds = false
        try await h.engine.updateSettings(settings, bundleIdentifier: "a")
        #expect(await h.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .denied)
    }
}
