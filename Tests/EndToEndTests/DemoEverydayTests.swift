import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The demo as a new user meets it: a second invitation's picture in the details, no folders
/// left in `$TMPDIR`, one date format in the log.
@Suite struct DemoEverydayTests {
    /// `:invite`, `1`, `:invite`, `2`: the second invitation joins the first one's collapsed
    /// row, which stays selected — the details show its picture, not "…".
    @Test(.skipped(because: DemoPreviewTests.picturesUnavailable)) func aSecondInvitationShowsItsPictureInTheDetails() async throws {
        let demo = try await DemoPreviewTests.demoWithPictures()
        defer { demo.close() }
        _ = try await DemoInvitationTests.invitationBanner(demo)
        await demo.send("1")
        try await demo.waitFor("Calendar: didReceive ACCEPT_INVITATION")
        try await demo.waitForAbsence("╭─ Calendar · ")
        try await demo.command("invite")
        try await demo.waitFor("╭─ Calendar · ", timeout: 30)   // the second banner (the details show buttons too)
        await demo.send("2")
        try await demo.waitFor("Calendar: didReceive DECLINE_INVITATION")
        let details = try await demo.waitUntil("the second invitation's picture in the details") { screen in
            guard let line = DemoSession.line(in: screen, containing: "Calendar · 20") else { return false }
            return !screen.contains("╭─ Calendar") && line.contains { DemoPreviewTests.blocks.contains($0) }
        }
        #expect(details.contains("+1 more"))   // the two invitations are one collapsed row
    }

    /// The attachments' copies are made in folders of their own in `$TMPDIR`; none is left.
    @Test func noFoldersAreLeftInTheTemporaryDirectory() async throws {
        let temporary = try TemporaryDirectory("herald-demo-tmp")
        defer { temporary.remove() }
        let demo = try await DemoSession(environment: ["TMPDIR": temporary.path])
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("invite")
        try await demo.command("push")
        try await demo.waitFor("Dana [modified]")
        try await demo.waitFor("Hey Jim! Weekly Staff Meeting", timeout: 30)
        await demo.send("q")
        try await demo.waitUntil("the demo to quit") { _ in await demo.tmux.hasExited }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("herald-demo-") }
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }

    /// The log writes dates as the details do (2026-03-18 09:00), whatever the locale.
    @Test func theLogWritesDatesOneWay() async throws {
        let demo = try await DemoSession(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"])
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("reminder")
        let screen = try await demo.waitFor("Reminders: scheduled:")
        let line = try #require(DemoSession.line(in: screen, containing: "Reminders: scheduled:"))
        #expect(line.range(of: #"next \d{4}-\d{2}-\d{2} \d{2}:\d{2}"#, options: .regularExpression) != nil, "\(line)")
    }
}
}
