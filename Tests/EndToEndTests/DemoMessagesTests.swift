import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The Messages app: text replies, the badge, `willPresent` in the foreground, pushes through the
/// service extension, and hidden previews on the lock screen.
@Suite struct DemoMessagesTests {
    /// The banner of the Messages app: its top border.
    static let messagesBanner = "╭─ Messages · "

    @Test func replyWithUnicodeTextReachesTheAppAndTheContactAnswers() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("message Anna Lunch today?")
        try await demo.waitFor("│ Lunch today?")
        try await demo.waitFor("[1 Reply…] [2 Mark as Read]")

        await demo.send("r")
        try await demo.waitUntil("the reply line") { screen in
            let status = screen.split(separator: "\n").last.map(String.init) ?? ""
            return status.contains("Reply› Type your reply…") && status.contains("[Enter Send]")
        }
        let reply = "好的，明天见 — café ☕"
        await demo.send(reply)
        try await demo.waitFor("Reply› \(reply)")
        await demo.send("Enter")
        try await demo.waitFor("Messages: didReceive REPLY to Anna: \"\(reply)\"")
        try await demo.waitFor("Messages: Anna is typing…")

        // Anna's answer arrives three seconds later, as a banner in the same thread.
        let screen = try await demo.waitFor("Great, see you then", timeout: 30)
        #expect(screen.contains(Self.messagesBanner))
        #expect(DemoSession.line(in: screen, containing: "│ Anna") != nil)
    }

    @Test func badgeCountsMessagesAndClears() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.waitForBadge("Messages", nil)

        try await demo.command("message Anna First one")
        try await demo.waitForBadge("Messages", "[1]")
        try await demo.command("message Ben Second one")
        try await demo.waitForBadge("Messages", "[2]")
        try await demo.command("message Chloé Third one")
        try await demo.waitForBadge("Messages", "[3]")

        // Banners off the screen (X closes every banner: they stay in the list), then the sidebar.
        try await demo.waitUntil("the banner of “Third one”") { DemoSession.line(in: $0, containing: "│ Third one ") != nil }
        await demo.send("X")
        try await demo.waitForAbsence(Self.messagesBanner)
        try await demo.selectApp("Messages")
        await demo.send("c")
        try await demo.waitFor("Badge of Messages cleared")
        try await demo.waitForBadge("Messages", nil)

        try await demo.command("badge 5")
        try await demo.waitFor("Messages badge set to 5")
        try await demo.waitForBadge("Messages", "[5]")
    }

    /// Messages answers `willPresent` with [list, badge, sound]: no banner while in front.
    @Test func foregroundAppIsAskedAndChoosesNoBanner() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("foreground messages")
        try await demo.waitFor("Messages is now in the foreground")

        try await demo.command("message Ben Quietly here")
        try await demo.waitFor("Messages: willPresent from Ben → [list, sound, badge]")
        let screen = try await demo.waitFor("Ben — Quietly here")
        #expect(!screen.contains(Self.messagesBanner))
        try await demo.waitForBadge("Messages", "[1]")

        try await demo.command("background messages")
        try await demo.waitFor("Messages is now in the background")
        try await demo.command("message Ben Loud again")
        let banner = try await demo.waitFor(Self.messagesBanner)
        #expect(banner.contains("Loud again"))
    }

    @Test func pushGoesThroughTheServiceExtension() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("push")
        try await demo.waitFor("Extension: didReceive push")
        let screen = try await demo.waitFor("Dana [modified]")
        #expect(screen.contains(Self.messagesBanner))
        #expect(screen.contains("Look at this view from the hike!"))
        #expect(screen.contains("📎 photo.png"))
    }

    /// Show Previews = Always (the default) keeps the body on a locked screen; When Unlocked
    /// shows the category's placeholder (and the title: `.hiddenPreviewsShowTitle`).
    @Test func lockHidesPreviewsWhenTheSettingSaysSo() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("lock")
        try await demo.waitFor("Locked")
        try await demo.command("message Ben Visible while locked")
        try await demo.waitFor("│ Visible while locked")
        await demo.send("x")
        try await demo.waitForAbsence(Self.messagesBanner)

        // Settings › Messages › Show Previews: When Unlocked.
        try await demo.selectApp("Messages")
        await demo.send("s")
        try await demo.waitFor("Messages — Notifications")
        for _ in 0..<5 { await demo.send("j") }
        try await demo.waitUntil("Show Previews selected") { DemoSession.line(in: $0, containing: "▸Show Previews") != nil }
        await demo.send("Enter")
        try await demo.waitUntil("Show Previews: When Unlocked") {
            DemoSession.line(in: $0, containing: "Show Previews")?.contains("When Unlocked") == true
        }
        await demo.send("Escape")
        try await demo.waitForAbsence("Messages — Notifications")

        try await demo.command("message Chloé Secret plans")
        let hidden = try await demo.waitUntil("Chloé's banner") { DemoSession.line(in: $0, containing: "│ Chloé ") != nil }
        #expect(hidden.contains(Self.messagesBanner))
        #expect(DemoSession.line(in: hidden, containing: "│ 1 new message ") != nil)
        #expect(!hidden.contains("Secret plans"))
        // Ben's earlier message is hidden as well now.
        #expect(!hidden.contains("Visible while locked"))

        try await demo.command("unlock")
        let unlocked = try await demo.waitFor("Secret plans")
        #expect(!unlocked.contains("🔒"))
    }
}
}
