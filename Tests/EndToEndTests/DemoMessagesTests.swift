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
        let demo = try DemoSession()
        defer { demo.close() }
        try demo.allowAllApps()
        try demo.command("message Anna Lunch today?")
        try demo.waitFor("│ Lunch today?")
        try demo.waitFor("[1 Reply…] [2 Mark as Read]")

        demo.send("r")
        try demo.waitUntil("the reply line") { screen in
            let status = screen.split(separator: "\n").last.map(String.init) ?? ""
            return status.contains("Reply› Type your reply…") && status.contains("[Enter Send]")
        }
        let reply = "好的，明天见 — café ☕"
        demo.send(reply)
        try demo.waitFor("Reply› \(reply)")
        demo.send("Enter")
        try demo.waitFor("Messages: didReceive REPLY to Anna: \"\(reply)\"")
        try demo.waitFor("Messages: Anna is typing…")

        // Anna's answer arrives three seconds later, as a banner in the same thread.
        let screen = try demo.waitFor("Great, see you then", timeout: 30)
        #expect(screen.contains(Self.messagesBanner))
        #expect(DemoSession.line(in: screen, containing: "│ Anna") != nil)
    }

    @Test func badgeCountsMessagesAndClears() async throws {
        let demo = try DemoSession()
        defer { demo.close() }
        try demo.allowAllApps()
        try demo.waitForBadge("Messages", nil)

        try demo.command("message Anna First one")
        try demo.waitForBadge("Messages", "[1]")
        try demo.command("message Ben Second one")
        try demo.waitForBadge("Messages", "[2]")
        try demo.command("message Chloé Third one")
        try demo.waitForBadge("Messages", "[3]")

        // Banners off the screen (X closes every banner: they stay in the list), then the sidebar.
        try demo.waitUntil("the banner of “Third one”") { DemoSession.line(in: $0, containing: "│ Third one ") != nil }
        demo.send("X")
        try demo.waitForAbsence(Self.messagesBanner)
        try demo.selectApp("Messages")
        demo.send("c")
        try demo.waitFor("Badge of Messages cleared")
        try demo.waitForBadge("Messages", nil)

        try demo.command("badge 5")
        try demo.waitFor("Messages badge set to 5")
        try demo.waitForBadge("Messages", "[5]")
    }

    /// Messages answers `willPresent` with [list, badge, sound]: no banner while in front.
    @Test func foregroundAppIsAskedAndChoosesNoBanner() async throws {
        let demo = try DemoSession()
        defer { demo.close() }
        try demo.allowAllApps()
        try demo.command("foreground messages")
        try demo.waitFor("Messages is now in the foreground")

        try demo.command("message Ben Quietly here")
        try demo.waitFor("Messages: willPresent from Ben → [list, sound, badge]")
        let screen = try demo.waitFor("Ben — Quietly here")
        #expect(!screen.contains(Self.messagesBanner))
        try demo.waitForBadge("Messages", "[1]")

        try demo.command("background messages")
        try demo.waitFor("Messages is now in the background")
        try demo.command("message Ben Loud again")
        let banner = try demo.waitFor(Self.messagesBanner)
        #expect(banner.contains("Loud again"))
    }

    @Test func pushGoesThroughTheServiceExtension() async throws {
        let demo = try DemoSession()
        defer { demo.close() }
        try demo.allowAllApps()
        try demo.command("push")
        try demo.waitFor("Extension: didReceive push")
        let screen = try demo.waitFor("Dana [modified]")
        #expect(screen.contains(Self.messagesBanner))
        #expect(screen.contains("Look at this view from the hike!"))
        #expect(screen.contains("📎 photo.png"))
    }

    /// Show Previews = Always (the default) keeps the body on a locked screen; When Unlocked
    /// shows the category's placeholder (and the title: `.hiddenPreviewsShowTitle`).
    @Test func lockHidesPreviewsWhenTheSettingSaysSo() async throws {
        let demo = try DemoSession()
        defer { demo.close() }
        try demo.allowAllApps()
        try demo.command("lock")
        try demo.waitFor("Locked")
        try demo.command("message Ben Visible while locked")
        try demo.waitFor("│ Visible while locked")
        demo.send("x")
        try demo.waitForAbsence(Self.messagesBanner)

        // Settings › Messages › Show Previews: When Unlocked.
        try demo.selectApp("Messages")
        demo.send("s")
        try demo.waitFor("Messages — Notifications")
        for _ in 0..<5 { demo.send("j") }
        try demo.waitUntil("Show Previews selected") { DemoSession.line(in: $0, containing: "▸Show Previews") != nil }
        demo.send("Enter")
        try demo.waitUntil("Show Previews: When Unlocked") {
            DemoSession.line(in: $0, containing: "Show Previews")?.contains("When Unlocked") == true
        }
        demo.send("Escape")
        try demo.waitForAbsence("Messages — Notifications")

        try demo.command("message Chloé Secret plans")
        let hidden = try demo.waitUntil("Chloé's banner") { DemoSession.line(in: $0, containing: "│ Chloé ") != nil }
        #expect(hidden.contains(Self.messagesBanner))
        #expect(DemoSession.line(in: hidden, containing: "│ 1 new message ") != nil)
        #expect(!hidden.contains("Secret plans"))
        // Ben's earlier message is hidden as well now.
        #expect(!hidden.contains("Visible while locked"))

        try demo.command("unlock")
        let unlocked = try demo.waitFor("Secret plans")
        #expect(!unlocked.contains("🔒"))
    }
}
}
