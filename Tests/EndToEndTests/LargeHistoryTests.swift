import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

extension EndToEnd {
/// Notifications within the documented limits never blind the UI: a freshly started `herald`
/// shows a history of 300 notifications of 3.6 KB, or of 20 of 64 KiB — pages come in the
/// list's form, and the selected one's whole record is fetched for the detail pane.
@Suite struct LargeHistoryTests {
    /// A state directory whose history holds `count` notifications of `app` with `body`
    /// (written by an engine on the store, as another program would have posted them earlier).
    static func home(app: String, count: Int, body: String) async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("herald-e2e-large")
        let home = HeraldHome(path: directory.path)
        try home.create()
        let engine = try NotificationEngine(store: try SQLiteStore(home: home), clock: SystemClock(),
                                            prompter: FakePrompter(), attachmentsDirectory: home.attachmentsDirectory)
        await engine.registerCommandLineApp(bundleIdentifier: app)
        for n in 0..<count {
            try await engine.add(RequestRecord(identifier: "n\(n)", content: ContentRecord(title: "Note \(n)", body: body)),
                                 bundleIdentifier: app)
        }
        try await engine.commitPendingWrites()
        return directory
    }

    @Test func threeHundredNotificationsOf3600BytesShow() async throws {
        let body = "Report line. " + String(repeating: "0123456789 ", count: 326)   // 3.6 KB
        let home = try await Self.home(app: "com.example.reports", count: 300, body: body)
        let center = try await CenterSession(width: 100, height: 30, home: home)
        defer { center.close() }
        let screen = try await center.ui.waitFor("Note 299")
        #expect(!screen.contains("No notifications") && !screen.contains("Loading…"))
        #expect(screen.contains("300"), "the list's count:\n\(screen)")
        try await center.ui.waitFor("Report line.")   // the detail pane
    }

    @Test func twentyNotificationsOf64KiBShowWithTheirWholeRecord() async throws {
        let body = "Build log. " + String(repeating: "lorem ipsum ", count: 5_450)   // 64 KiB
        let home = try await Self.home(app: "com.example.builds", count: 20, body: body)
        let center = try await CenterSession(width: 100, height: 30, home: home)
        defer { center.close() }
        let screen = try await center.ui.waitFor("Note 19")
        #expect(!screen.contains("No notifications") && !screen.contains("Loading…"))
        try await center.ui.waitFor("Build log.")

        // A notification whose userInfo is over the list's 16 KiB: the detail pane shows it once
        // the whole record has come.
        let posted = try await center.run(["post", "--app", "com.example.builds", "--title", "With info", "--body", "short",
                                           "--info", "log=" + String(repeating: "x", count: 20_000), "--sound", "none"])
        #expect(posted.status == 0, "\(posted.stderr)")
        try await center.ui.waitFor("With info")
        await center.ui.send("Escape")   // the banner
        await center.ui.send("g")
        try await center.ui.waitUntil("the detail pane's userInfo") { $0.contains("userInfo") && $0.contains("\"log\"") }

        // A UI started afresh gets it in a page (shortened) and asks for the whole record.
        let second = try await TmuxSession(command: [center.herald, "--home", center.home.path], width: 100, height: 30,
                                           environment: ["HERALD_UI_MUTE": "1", "HERALD_NO_SPAWN": "1"])
        defer { second.kill() }
        try await second.waitFor("With info")
        try await second.waitUntil("the whole record in the detail pane") { $0.contains("userInfo") && $0.contains("\"log\"") }
    }
}
}
