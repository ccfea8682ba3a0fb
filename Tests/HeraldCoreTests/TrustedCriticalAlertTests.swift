import Foundation
import Testing
import HeraldCore
import TestSupport

/// Apps authorized without a prompt (D-Bus senders, `herald post`) cannot ask for
/// `.criticalAlert`: they are granted it, with their Critical Alerts setting on, so a critical
/// notification breaks through do-not-disturb and every Focus; the setting turned off holds it
/// like the rest, and stays off.
@Suite struct TrustedCriticalAlertTests {
    func lastPresentation(_ h: EngineHarness) -> UNNotificationPresentationOptions? {
        h.events.delivered.last?.record.presentation
    }

    @Test func aDesktopSendersCriticalNotificationBreaksThroughEveryFocus() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = "desktop.backup"
        await h.engine.registerTrustedApp(bundleIdentifier: app, displayName: "backup")
        let record = await h.engine.appRecord(bundleIdentifier: app)
        #expect(record.authorizedOptions.contains(.criticalAlert))
        #expect(record.settings.criticalAlerts)
        try await h.engine.changeFocus(.saveMode(mode: FocusMode(name: "Work", allowedApps: [], allowsTimeSensitive: false)))
        for mode in ["Do Not Disturb", "Work"] {
            try await h.engine.changeFocus(.turnOn(name: mode, end: .untilTurnedOff))
            try await h.engine.add(request("disk-\(mode)", level: .critical), bundleIdentifier: app)
            #expect(lastPresentation(h) == [.banner, .list, .sound], "\(mode)")
            try await h.engine.add(request("routine-\(mode)"), bundleIdentifier: app)
            #expect(lastPresentation(h) == [.list], "\(mode)")
        }
    }

    @Test func turnedOffTheSettingHoldsThemAndStaysOff() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = "desktop.backup"
        await h.engine.registerTrustedApp(bundleIdentifier: app, displayName: "backup")
        var settings = await h.engine.appRecord(bundleIdentifier: app).settings
        settings.criticalAlerts = false
        try await h.engine.updateSettings(settings, bundleIdentifier: app)
        await h.engine.registerTrustedApp(bundleIdentifier: app, displayName: "Backup")   // a new name: registered again
        #expect(await h.engine.appRecord(bundleIdentifier: app).settings.criticalAlerts == false)
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .untilTurnedOff))
        try await h.engine.add(request("disk", level: .critical), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
    }

    @Test func aScriptsCriticalNotificationBreaksThroughToo() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await h.engine.registerCommandLineApp(bundleIdentifier: "backup.sh")
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .untilTurnedOff))
        try await h.engine.add(request("disk", level: .critical), bundleIdentifier: "backup.sh")
        #expect(lastPresentation(h) == [.banner, .list, .sound])
    }

    /// Swift apps still ask: without `.criticalAlert` granted and approved, critical counts as active.
    @Test func promptedAppsStillNeedToAskAndBeApproved() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = "com.example.alarm"
        _ = try await h.engine.requestAuthorization(options: [.alert, .sound], bundleIdentifier: app)
        #expect(await h.engine.appRecord(bundleIdentifier: app).settings.criticalAlerts == false)
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .untilTurnedOff))
        try await h.engine.add(request("c", level: .critical), bundleIdentifier: app)
        #expect(lastPresentation(h) == [.list])
    }
}
