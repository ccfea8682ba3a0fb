import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// What a desktop sender's urgency does, with the real `notify-send` on a private bus: critical
/// (urgency 2) breaks through do-not-disturb and every Focus while the sender's Critical Alerts
/// setting is on (it starts on), and is held like the rest once it is turned off; low (urgency
/// 0) shows a quiet banner, as dunst and mako do; an expired one says it left the list.
@Suite(.requiring(DesktopSession.programs)) struct DesktopUrgencyTests {
    static func presentation(_ history: [[String: Any]], title: String) -> [String]? {
        DesktopNotificationsTests.rows(history, title: title).first?["presentation"] as? [String]
    }

    @Test func criticalBreaksThroughDoNotDisturbAndFocusUntilItsSettingIsOff() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        #expect(try await desktop.center.run(["dnd", "on"]).status == 0)
        try await desktop.center.ui.waitFor("Do Not Disturb")
        _ = try await desktop.notifySend(["-a", "Backup", "Nightly run", "started"])
        _ = try await desktop.notifySend(["-a", "Backup", "-u", "critical", "Disk full", "/ is at 99%"])
        let screen = try await desktop.center.ui.waitFor("x close")   // the critical banner, an alert
        #expect(screen.contains("Disk full"))
        var history = try await desktop.waitForHistory("both rows") { Self.presentation($0, title: "Disk full") != nil
            && Self.presentation($0, title: "Nightly run") != nil }
        #expect(Self.presentation(history, title: "Disk full")?.contains("banner") == true)
        #expect(Self.presentation(history, title: "Nightly run") == ["list"])   // held by do-not-disturb

        // Another Focus holds the routine one too; the critical one still breaks through.
        #expect(try await desktop.center.run(["focus", "add", "Work"]).status == 0)
        #expect(try await desktop.center.run(["focus", "on", "Work"]).status == 0)
        _ = try await desktop.notifySend(["-a", "Backup", "-u", "critical", "Disk still full"])
        history = try await desktop.waitForHistory("the second critical row") { Self.presentation($0, title: "Disk still full") != nil }
        #expect(Self.presentation(history, title: "Disk still full")?.contains("banner") == true)

        // Critical Alerts off in the sender's settings (s): held like the rest.
        let ui = desktop.center.ui
        try await ui.waitFor("Disk still full")
        await ui.send("X")                                  // close every banner (they stay in the list)
        try await ui.waitForAbsence("╭─")
        await ui.send("Tab")                                // the sidebar
        try await ui.waitFor("j/k app")
        await ui.send("j")
        try await ui.waitFor("▸Backup")
        await ui.send("s")
        try await ui.waitFor("Backup — Notifications")
        for _ in 0..<7 { await ui.send("j") }
        try await ui.waitFor("▸Critical Alerts")
        await ui.send("Enter")
        try await ui.waitUntil(timeout: 15, "Critical Alerts Off") { screen in
            screen.split(separator: "\n").contains { $0.contains("Critical Alerts") && $0.contains("Off") }
        }
        await ui.send("Escape")
        try await ui.waitForAbsence("Backup — Notifications")
        _ = try await desktop.notifySend(["-a", "Backup", "-u", "critical", "Disk full again"])
        history = try await desktop.waitForHistory("the held critical row") { Self.presentation($0, title: "Disk full again") != nil }
        #expect(Self.presentation(history, title: "Disk full again") == ["list"])
    }

    @Test func lowUrgencyShowsAQuietBanner() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        _ = try await desktop.notifySend(["-u", "low", "-h", "string:sound-name:message-new-instant", "Battery at 80%"])
        let screen = try await desktop.center.ui.waitFor("x dismiss")   // a banner
        #expect(screen.contains("Battery at 80%"))
        let history = try await desktop.waitForHistory("the low row") { Self.presentation($0, title: "Battery at 80%") != nil }
        #expect(Self.presentation(history, title: "Battery at 80%") == ["banner", "list"])   // no sound
        let row = try #require(DesktopNotificationsTests.rows(history, title: "Battery at 80%").first)
        #expect(row["interruptionLevel"] as? String == "active")
    }

    /// `-t 1000`: the notification leaves the list when it expires and stays in history; the UI
    /// shows the difference (the details say it left the list).
    @Test func anExpiredNotificationShowsItLeftTheList() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        _ = try await desktop.notifySend(["-t", "1000", "Short-lived"])
        try await desktop.waitForHistory("the expired row") {
            DesktopNotificationsTests.rows($0, title: "Short-lived").first?["inList"] as? Bool == false
        }
        let screen = try await desktop.center.ui.waitFor("left the list")
        #expect(screen.contains("Short-lived"))
    }
}
}
