import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The Calendar app's meeting invitation (Apple's actionable-notification sample): a banner with
/// Accept / Decline, and every way of answering it reaching the app's delegate.
@Suite struct DemoInvitationTests {
    /// `:invite`, then waits for the banner (a calendar trigger five seconds later).
    static func invitationBanner(_ demo: DemoSession) async throws -> String {
        try await demo.allowAllApps()
        try await demo.command("invite")
        try await demo.waitFor("Calendar: invitation scheduled in 5 s")
        return try await demo.waitFor("[1 Accept ↗] [2 Decline]", timeout: 30)
    }

    @Test func acceptReachesTheDelegateWithTheUserInfo() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        let screen = try await Self.invitationBanner(demo)
        #expect(screen.contains("Hey Jim! Weekly Staff Meeting"))
        #expect(screen.contains("Every Tuesday at 2pm"))
        #expect(screen.contains("📎 jim@2x.png"))
        #expect(screen.contains("Calendar · "))

        await demo.send("1")
        try await demo.waitFor("Calendar: didReceive ACCEPT_INVITATION meetingId=123 userId=456")
        try await demo.waitForAbsence("╭─ Calendar · ")
    }

    @Test func declineReachesTheDelegate() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        _ = try await Self.invitationBanner(demo)
        await demo.send("2")
        try await demo.waitFor("Calendar: didReceive DECLINE_INVITATION meetingId=123 userId=456")
    }

    /// The category has `.customDismissAction`, so a dismiss is reported (Apple's rule).
    @Test func dismissIsReportedForACustomDismissCategory() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        _ = try await Self.invitationBanner(demo)
        await demo.send("x")
        try await demo.waitFor("Calendar: didReceive DISMISS meetingId=123 userId=456")
        try await demo.waitForAbsence("╭─ Calendar · ")
    }

    @Test func enterOpensWithTheDefaultAction() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        _ = try await Self.invitationBanner(demo)
        await demo.send("Enter")
        try await demo.waitFor("Calendar: didReceive OPEN meetingId=123 userId=456")
    }
}
}
