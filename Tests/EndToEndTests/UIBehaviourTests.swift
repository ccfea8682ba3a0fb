import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

extension EndToEnd {
/// The terminal UI as a terminal program: resizing, the help overlay, quitting cleanly, and no
/// escape sequence from a notification reaching the terminal.
@Suite struct UIBehaviourTests {
    /// Terminal columns of a captured line (wide East Asian characters and emoji take two).
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { sum, scalar in
            let v = scalar.value
            if v == 0xFE0F || (0x300...0x36F).contains(v) || v == 0x200D { return sum }
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || v >= 0x20000
            return sum + (wide ? 2 : 1)
        }
    }

    /// The lines of a screen wider than `width` columns.
    static func overlong(_ screen: String, width: Int) -> [String] {
        screen.split(separator: "\n").filter { columns($0) > width }.map(String.init)
    }

    /// Every line but the header (whose clock may tick between two captures).
    static func withoutHeader(_ screen: String) -> [Substring] {
        Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst())
    }

    @Test func resizeRedrawsWithoutGarbage() async throws {
        let demo = try await DemoSession(bannerSeconds: 2)
        defer { demo.close() }
        try await demo.allowAllApps()
        try await demo.command("message 王芳 你好，世界 — a wide line that is longer than forty columns")
        try await demo.waitFor("王芳 — 你好")
        try await demo.waitForAbsence("╭─")
        try await demo.waitUntil("the status message to clear") { !$0.contains("Message from") }
        let before = await demo.capture()
        #expect(Self.overlong(before, width: 80).isEmpty)

        await demo.tmux.resize(width: 40, height: 12)
        let small = try await demo.waitUntil("a 40×12 screen") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.first?.contains("Herald") == true && !lines.contains { Self.columns($0) > 40 }
                && !screen.contains("│ All notifications")
        }
        #expect(Self.overlong(small, width: 40).isEmpty, "lines over 40 columns:\n\(small)")
        #expect(small.contains("王芳"))

        await demo.tmux.resize(width: 80, height: 24)
        let after = try await demo.waitUntil("the 80×24 screen as before") { Self.withoutHeader($0) == Self.withoutHeader(before) }
        #expect(after.split(separator: "\n").first?.contains("Herald") == true)
        #expect(Self.overlong(after, width: 80).isEmpty)
    }

    @Test func helpListsTheKeysAndQuitRestoresTheTerminal() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()

        await demo.send("?")
        // With the demo's commands the help is longer than 80×24: it scrolls.
        let help = try await demo.waitFor("more · j k · Esc closes")
        for text in ["Help", "open (the default action)", "the n-th action button", "reply (text-input action)",
                     "dismiss", "back out", "search history", "clear the badge you see", "quit", "Commands", ":invite"] {
            #expect(help.contains(text), "help lacks \(text)")
        }
        await demo.send("Space")   // a page down: to the end
        let end = try await demo.waitFor("j k scroll · Esc closes")
        #expect(end.contains(":lock / unlock"), "the last demo command is reachable:\n\(end)")
        await demo.send("Escape")
        try await demo.waitForAbsence("Esc closes")

        await demo.send("q")
        try await demo.waitUntil("herald to exit") { _ in await demo.tmux.hasExited }
        // The alternate screen is gone: the pane shows what was there before herald started.
        let screen = await demo.capture()
        #expect(!screen.contains("Herald"))
        #expect(!screen.contains("─ Log ─"))
        #expect(await demo.tmux.format("#{alternate_on}") == "0")
    }

    /// A notification whose title and body carry escape sequences (an OSC that would retitle the
    /// terminal, a clear-screen CSI, colours, a C1 CSI) is drawn without them.
    @Test func escapeSequencesInANotificationNeverReachTheTerminal() async throws {
        let home = try TemporaryDirectory("herald-e2e-escape")
        defer { home.remove() }
        let heraldHome = HeraldHome(path: home.path)
        try heraldHome.create()
        do {
            // Another program posted it earlier: it is in the history when the demo starts.
            let engine = try NotificationEngine(store: try SQLiteStore(home: heraldHome), clock: SystemClock(),
                                                prompter: FakePrompter(), attachmentsDirectory: heraldHome.attachmentsDirectory)
            await engine.registerCommandLineApp(bundleIdentifier: "com.example.eve")
            let content = ContentRecord(title: "Eve\u{1B}]0;pwned\u{07}\u{1B}[2J",
                                        body: "\u{1B}[31mred alert\u{1B}[0m and\u{9B}2J bell\u{07}")
            try await engine.add(RequestRecord(identifier: "evil", content: content), bundleIdentifier: "com.example.eve")
        }

        let demo = try await DemoSession(home: home)
        defer { demo.close() }
        try await demo.allowAllApps()
        let screen = try await demo.waitFor("Eve — red alert and bell")
        for fragment in ["pwned", "[2J", "[31m", "[0m", "]0;"] {
            #expect(!screen.contains(fragment), "\(fragment) on screen:\n\(screen)")
        }
        #expect(await !demo.tmux.format("#{pane_title}").contains("pwned"))
        #expect(Self.overlong(screen, width: 80).isEmpty)
    }
}
}
