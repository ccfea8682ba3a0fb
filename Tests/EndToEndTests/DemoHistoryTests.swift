import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// History: every notification is listed, search finds old ones, a notification acted on from
/// the list still reaches its app, and all of it survives a restart.
@Suite struct DemoHistoryTests {
    /// The line below the detail pane's title row.
    static func detailHeadline(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let i = lines.firstIndex(where: { $0.contains("─ Details ─") }), i + 1 < lines.count else { return nil }
        return lines[i + 1]
    }

    @Test func historyListsSearchesAndActsOnOldNotifications() async throws {
        // Short banners: they go into the list by themselves, and keys act on the list's row.
        let demo = try await DemoSession(bannerSeconds: 2)
        defer { demo.close() }
        try await demo.allowAllApps()

        try await demo.command("invite")
        try await demo.waitFor("Hey Jim! Weekly Staff Meeting", timeout: 30)
        try await demo.command("message Anna Remember the quarterly report")
        try await demo.waitFor("Anna — Remember the quarterly report")
        try await demo.command("message Ben Pizza tonight?")
        try await demo.waitFor("Ben — Pizza tonight?")
        try await demo.command("push")
        try await demo.waitFor("Dana [modified]")
        let list = try await demo.waitUntil("four rows and no banner") { screen in
            !screen.contains("╭─") && screen.contains("Hey Jim! Weekly Staff Meeting")
                && DemoSession.line(in: screen, containing: "All notifications")?.hasSuffix(" 4") == true
        }
        for row in ["Calendar   Hey Jim!", "Messages   Anna — Remember", "Messages   Ben — Pizza", "Messages   Dana [modified]"] {
            #expect(list.contains(row), "missing row \(row)")
        }

        // Search by a word of an old message.
        await demo.send("/")
        try await demo.waitFor("search title, subtitle, body")
        await demo.send("quarterly", "Enter")
        // The title changes at once; the rows when the search's result arrives.
        let found = try await demo.waitUntil("the search result") {
            DemoSession.line(in: $0, containing: "All notifications · “quarterly”")?.hasSuffix(" 1") == true
        }
        #expect(found.contains("Anna — Remember the quarterly report"))
        #expect(!found.contains("Pizza tonight?"))
        #expect(!found.contains("Hey Jim!"))

        // Clear the search (Ctrl-U empties the line), then pick the invitation, the oldest row.
        await demo.send("/")
        try await demo.waitUntil("the search line") { $0.split(separator: "\n").last?.hasPrefix("/quarterly") == true }
        await demo.send("C-u", "Enter")
        try await demo.waitUntil("the unfiltered list") { DemoSession.line(in: $0, containing: "All notifications")?.hasSuffix(" 4") == true }
        await demo.send("g")
        for _ in 0..<3 { await demo.send("j") }
        try await demo.waitUntil("the invitation selected") { Self.detailHeadline($0)?.contains("Calendar · ") == true }
        let selected = await demo.capture()
        #expect(selected.contains("│ Hey Jim! Weekly Staff Meeting"))

        await demo.send("1")
        try await demo.waitFor("Calendar: didReceive ACCEPT_INVITATION meetingId=123 userId=456")
    }

    @Test func historyBadgesAndPermissionsSurviveARestart() async throws {
        let home = try TemporaryDirectory("herald-e2e-restart")
        defer { home.remove() }

        let first = try await DemoSession(bannerSeconds: 2, home: home)
        do {
            defer { first.close() }
            try await first.allowAllApps()
            do {
                try await first.command("message Anna Before the restart")
                try await first.waitFor("Anna — Before the restart")
                try await first.command("message Ben Also before")
                try await first.waitFor("Ben — Also before")
                try await first.waitForBadge("Messages", "[2]")
            }
            await first.send("q")
            try await first.waitUntil("herald to exit") { _ in await first.tmux.hasExited }
        }

        let second = try await DemoSession(home: home)
        defer { second.close() }
        // The apps launch again and ask again; the answers are remembered, so no prompt shows.
        for app in DemoSession.apps { try await second.waitFor("\(app): requestAuthorization → granted") }
        let screen = try await second.waitFor("Anna — Before the restart")
        #expect(!screen.contains("would like to send you"))
        #expect(screen.contains("Ben — Also before"))
        #expect(DemoSession.line(in: screen, containing: "All notifications")?.hasSuffix(" 2") == true)
        try await second.waitForBadge("Messages", "[2]")

        // The app counts on from where it was: the third unread message makes the badge 3.
        try await second.command("message Chloé After the restart")
        try await second.waitFor("│ After the restart")
        try await second.waitForBadge("Messages", "[3]")
    }
}
}
