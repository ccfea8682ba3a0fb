import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald post --wait` answered by a person at the terminal UI (`herald`), through the daemon:
/// the script gets the answer on stdout.
@Suite struct PostWaitTests {
    static let deploy = ["--new-app", "ci.deploy", "--title", "Deploy to production?", "--body", "Build 1234 passed",
                         "--action", "approve:Approve", "--action", "reject:Reject:destructive",
                         "--reply", "comment:Comment:Send:Say why…", "--wait"]

    @Test func answeredByAnAction() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        let post = try center.startPost(Self.deploy)
        try await center.ui.waitFor("[1 Approve] [2 Reject] [3 Comment…]")
        await center.ui.send("2")
        let result = await post.finish()
        #expect(result.status == 0)
        #expect(result.stdout == "reject\n")
    }

    @Test func answeredByAReply() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        let post = try center.startPost(Self.deploy)
        try await center.ui.waitFor("Deploy to production?")
        await center.ui.send("r")
        try await center.ui.waitFor("Say why…")
        await center.ui.send("ship it — après 5pm 🚀", "Enter")
        let result = await post.finish()
        #expect(result.status == 0)
        #expect(result.stdout == "ship it — après 5pm 🚀\n")
    }

    @Test func answeredByOpening() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        let post = try center.startPost(Self.deploy)
        try await center.ui.waitFor("Deploy to production?")
        await center.ui.send("Enter")
        let result = await post.finish()
        #expect(result.stdout == "@DEFAULT\n")
        #expect(result.status == 0)
    }

    @Test func answeredByDismissing() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        let post = try center.startPost(Self.deploy)
        try await center.ui.waitFor("Deploy to production?")
        await center.ui.send("x")
        let result = await post.finish()
        #expect(result.stdout == "@DISMISSED\n")
        #expect(result.status == 0)
    }

    @Test func timesOutWithStatusFour() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        let post = try center.startPost(Self.deploy + ["--timeout", "1"])
        try await center.ui.waitFor("Deploy to production?")
        let result = await post.finish()
        #expect(result.stdout == "@TIMEOUT\n")
        #expect(result.status == 4)
    }

    @Test func jsonAnswerSpellsAppleIdentifiers() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        let post = try center.startPost(Self.deploy + ["--json"])
        try await center.ui.waitFor("Deploy to production?")
        await center.ui.send("Enter")
        let result = await post.finish()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["actionIdentifier"] as? String == "com.apple.UNNotificationDefaultActionIdentifier")
        #expect(object["app"] as? String == "ci.deploy")
    }

    /// The banner goes into history; the action is taken from the history row later, and still
    /// reaches the script — what no freedesktop daemon can do.
    @Test func answeredFromHistoryAfterTheBannerIsGone() async throws {
        let center = try await CenterSession(bannerSeconds: 1)
        defer { center.close() }
        let post = try center.startPost(Self.deploy)
        try await center.ui.waitFor("[1 Approve]")
        try await center.ui.waitForAbsence("╰─ Enter open")          // the banner has gone into the list
        try await center.ui.waitFor("Deploy to production?")          // the history row
        await center.ui.send("1")
        let result = await post.finish()
        #expect(result.stdout == "approve\n")
    }

    /// Two terminals show one center: both see the banner; answering in one answers the script.
    @Test func twoUIsStayInSync() async throws {
        let center = try await CenterSession(uiCount: 2)
        defer { center.close() }
        let post = try center.startPost(Self.deploy)
        try await center.uis[0].waitFor("Deploy to production?")
        try await center.uis[1].waitFor("Deploy to production?")
        await center.uis[1].send("1")
        let result = await post.finish()
        #expect(result.stdout == "approve\n")
        // The first UI sees the notification leave the list of unread ones.
        try await center.uis[0].waitFor("0 unread")
    }
}
}
