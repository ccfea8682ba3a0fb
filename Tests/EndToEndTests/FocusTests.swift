import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// Focus with the real binaries: the daemon, `herald focus` and the UI in tmux.
@Suite struct FocusTests {
    @Test func aPostDuringFocusDoesNotPopAndTheSummaryOpensTheHeldList() async throws {
        let center = try await CenterSession(bannerSeconds: 60)
        defer { center.close() }
        #expect(try await center.run(["focus", "add", "Work", "--allow", "com.example.chat"]).status == 0)
        let on = try await center.run(["focus", "on", "Work"])
        #expect(on.status == 0, "\(on.stderr)")
        try await center.ui.waitFor("◐ Work until turned off")

        #expect(try await center.run(["post", "--new-app", "com.example.mail", "--title", "Quarterly report",
                                      "--body", "numbers inside"]).status == 0)
        #expect(try await center.run(["post", "--new-app", "com.example.build", "--title", "Build finished",
                                      "--body", "all green"]).status == 0)
        let quiet = try await center.ui.waitFor("Build finished")
        #expect(!quiet.contains("╭─"), "a held notification popped:\n\(quiet)")
        #expect(try await center.run(["focus"]).stdout.contains("Focus: Work until turned off — 2 notifications held"))

        #expect(try await center.run(["focus", "off"]).status == 0)
        let banner = try await center.ui.waitFor("2 notifications from 2 apps while Focus was on")
        #expect(banner.contains("╭─ Summary"), "the summary is a banner:\n\(banner)")
        try await center.ui.waitFor("DND off")

        func summaryRow(_ screen: String) -> Bool {
            screen.split(separator: "\n").contains { $0.contains("Summary") && $0.contains("Work ended") }
        }
        await center.ui.send("Enter")
        // The list's title and its rows arrive in separate answers; wait for both rows.
        let held = try await center.ui.waitUntil("the held list with both notifications") {
            $0.contains("Work ended — 2 held") && !summaryRow($0)
                && $0.contains("Quarterly report") && $0.contains("Build finished")
        }
        #expect(held.contains("Quarterly report") && held.contains("Build finished"))

        await center.ui.send("Escape")
        try await center.ui.waitUntil("every notification again") { $0.contains("All notifications") && summaryRow($0) }
    }
}
}
