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
        let demo = try DemoSession(bannerSeconds: 2)
        defer { demo.close() }
        try demo.allowAllApps()

        try demo.command("invite")
        try demo.waitFor("Hey Jim! Weekly Staff Meeting", timeout: 30)
        try demo.command("message Anna Remember the quarterly report")
        try demo.waitFor("Anna — Remember the quarterly report")
        try demo.command("message Ben Pizza tonight?")
        try demo.waitFor("Ben — Pizza tonight?")
        try demo.command("push")
        try demo.waitFor("Dana [modified]")
        let list = try demo.waitUntil("four rows and no banner") { screen in
            !screen.contains("╭─") && screen.contains("Hey Jim! Weekly Staff Meeting")
                && DemoSession.line(in: screen, containing: "All notifications")?.hasSuffix(" 4") == true
        }
        for row in ["Calendar   Hey Jim!", "Messages   Anna — Remember", "Messages   Ben — Pizza", "Messages   Dana [modified]"] {
            #expect(list.contains(row), "missing row \(row)")
        }

        // Search by a word of an old message.
        demo.send("/")
        try demo.waitFor("search title, subtitle, body")
        demo.send("quarterly", "Enter")
        // The title changes at once; the rows when the search's result arrives.
        let found = try demo.waitUntil("the search result") {
            DemoSession.line(in: $0, containing: "All notifications · “quarterly”")?.hasSuffix(" 1") == true
        }
        #expect(found.contains("Anna — Remember the quarterly report"))
        #expect(!found.contains("Pizza tonight?"))
        #expect(!found.contains("Hey Jim!"))

        // Clear the search (Ctrl-U empties the line), then pick the invitation, the oldest row.
        demo.send("/")
        try demo.waitUntil("the search line") { $0.split(separator: "\n").last?.hasPrefix("/quarterly") == true }
        demo.send("C-u", "Enter")
        try demo.waitUntil("the unfiltered list") { DemoSession.line(in: $0, containing: "All notifications")?.hasSuffix(" 4") == true }
        demo.send("g")
        for _ in 0..<3 { demo.send("j") }
        try demo.waitUntil("the invitation selected") { Self.detailHeadline($0)?.contains("Calendar · ") == true }
        let selected = demo.capture()
        #expect(selected.contains("│ Hey Jim! Weekly Staff Meeting"))

        demo.send("1")
        try demo.waitFor("Calendar: didReceive ACCEPT_INVITATION meetingId=123 userId=456")
    }

    @Test func historyBadgesAndPermissionsSurviveARestart() async throws {
        let home = try TemporaryDirectory("herald-e2e-restart")
        defer { home.remove() }

        let first = try DemoSession(bannerSeconds: 2, home: home)
        do {
            defer { first.close() }
            try first.allowAllApps()
            do {
                try first.command("message Anna Before the restart")
                try first.waitFor("Anna — Before the restart")
                try first.command("message Ben Also before")
                try first.waitFor("Ben — Also before")
                try first.waitForBadge("Messages", "[2]")
            }
            first.send("q")
            try first.waitUntil("herald to exit") { _ in first.tmux.hasExited }
        }

        let second = try DemoSession(home: home)
        defer { second.close() }
        // The apps launch again and ask again; the answers are remembered, so no prompt shows.
        for app in DemoSession.apps { try second.waitFor("\(app): requestAuthorization → granted") }
        let screen = try second.waitFor("Anna — Before the restart")
        #expect(!screen.contains("would like to send you"))
        #expect(screen.contains("Ben — Also before"))
        #expect(DemoSession.line(in: screen, containing: "All notifications")?.hasSuffix(" 2") == true)
        try second.waitForBadge("Messages", "[2]")

        // The app counts on from where it was: the third unread message makes the badge 3.
        try second.command("message Chloé After the restart")
        try second.waitFor("│ After the restart")
        try second.waitForBadge("Messages", "[3]")
    }
}
}
