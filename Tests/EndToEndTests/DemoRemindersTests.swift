import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The Reminders app: a location trigger fires when the device enters the office region.
@Suite struct DemoRemindersTests {
    @Test func locationReminderArrivesAtTheOffice() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("reminder")
        try await demo.waitFor("Reminders: scheduled:")
        try await demo.command("move 52.5219,13.4132")
        let screen = try await demo.waitFor("At the office")
        #expect(screen.contains("╭─ Reminders · "))
        #expect(screen.contains("Pick up the parcel at the front desk"))
    }
}
}

extension EndToEnd {
/// The permission prompt each app shows at its first launch.
@Suite struct DemoPermissionTests {
    /// The app's pending requests, read by `herald pending` from the running demo's database.
    static func pending(home: TemporaryDirectory, app: String) async throws -> String {
        try await runProgram(BuiltProducts.path("herald"),
                             ["--home", home.path, "pending", "--app", app]).stdout
    }

    @Test func deniedAppShowsNothing() async throws {
        let demo = try await DemoSession(bannerSeconds: 2)
        defer { demo.close() }
        try await demo.answerPrompts(["Calendar": false])
        try await demo.command("invite")
        try await demo.waitFor("Calendar: invitation scheduled in 5 s")

        // Wait until the trigger has fired (the request is no longer pending)…
        let app = "com.example.calendar"
        #expect(try await Self.pending(home: demo.home, app: app).contains("staff-meeting-"))
        let deadline = Date().addingTimeInterval(30)
        while try await !Self.pending(home: demo.home, app: app).contains("No pending notifications") {
            guard Date() < deadline else { Issue.record("the invitation never fired"); return }
            try await Task.sleep(for: .seconds(0.2))
        }
        // …then nothing of it is on the screen; the allowed apps still work.
        try await demo.command("message Anna Still here")
        try await demo.waitFor("Anna — Still here")
        let screen = try await demo.waitForAbsence("╭─")
        #expect(!screen.contains("Hey Jim!"))
        #expect(!screen.contains("╭─ Calendar"))
        #expect(DemoSession.line(in: screen, containing: "All notifications")?.hasSuffix(" 1") == true)
    }
}
}
