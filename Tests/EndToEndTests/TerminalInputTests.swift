import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The UI sleeps in `poll` until the terminal, the daemon or a timer has something for it. An
/// idle UI still takes escape sequences and `Esc` alone, mouse clicks, a paste longer than one
/// frame reads, a resize (SIGWINCH), a notification from the daemon, and its banner's timeout.
@Suite struct TerminalInputTests {
    /// The title of the notification the Details pane shows (the line after its app and date).
    static func selectedTitle(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { $0.contains("─ Details ─") }), header + 2 < lines.count else { return nil }
        return lines[header + 2].split(separator: "│").last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A mouse click (press and release) at a zero-based cell, as xterm's SGR mouse mode reports it.
    static func click(x: Int, y: Int) -> [UInt8] {
        Array("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m".utf8)
    }

    @Test func anIdleUIWakesForKeysClicksPastesResizesAndTheDaemon() async throws {
        let center = try await CenterSession(bannerSeconds: 2)
        defer { center.close() }
        let ui = center.ui
        for n in 1...3 {
            let posted = try await center.run(["post", "--title", "Note \(n)", "--body", "body \(n)", "--thread", "t\(n)"])
            #expect(posted.status == 0, "\(posted.stderr)")
        }
        try await ui.waitFor("Note 1 — body 1")
        // The banners go when their time is up, with nobody typing: a timer woke the loop.
        try await ui.waitForAbsence("╭─")

        // The arrow keys are escape sequences; Esc alone is Esc once the escape delay passes.
        await ui.send("g")
        try await ui.waitUntil("Note 3 selected") { Self.selectedTitle($0) == "Note 3" }
        await ui.send("Down")
        try await ui.waitUntil("Note 2 selected") { Self.selectedTitle($0) == "Note 2" }
        await ui.send("Up")
        try await ui.waitUntil("Note 3 selected") { Self.selectedTitle($0) == "Note 3" }
        await ui.send("?")
        try await ui.waitFor("closes")
        await ui.send("Escape")
        try await ui.waitForAbsence("closes")
        #expect(await Self.selectedTitle(ui.capture()) == "Note 3", "Esc closed the help and did nothing else")

        // A click on a row selects it.
        let screen = await ui.capture()
        let row = try #require(screen.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("Note 1 — body 1") })
        await ui.sendBytes(Self.click(x: 40, y: row))
        try await ui.waitUntil("Note 1 selected by the click") { Self.selectedTitle($0) == "Note 1" }

        // A paste of 1,000 characters (more than a frame reads) arrives whole, in order.
        let pasted = String((0..<990).map { Character(String($0 % 10)) }) + "pasted·END"
        await ui.send("/")
        try await ui.waitFor("[Enter Search]")
        await ui.send(pasted)
        let input = try await ui.waitFor("pasted·END")
        let inputLine = try #require(input.split(separator: "\n").last { $0.contains("pasted·END") })
        let shown = inputLine.dropFirst().prefix { $0 != " " }   // after "/", up to the hint
        #expect(!shown.isEmpty && pasted.hasSuffix(shown), "the input line shows the paste's end: \(inputLine)")
        await ui.send("Escape")
        try await ui.waitForAbsence("pasted·END")

        // A resize while the loop sleeps: SIGWINCH wakes it.
        await ui.resize(width: 50, height: 16)
        try await ui.waitUntil("a 50-column screen") { screen in
            let lines = screen.split(separator: "\n")
            return lines.first?.contains("Herald") == true && !lines.contains { UIBehaviourTests.columns($0) > 50 }
        }
        await ui.resize(width: 80, height: 24)
        try await ui.waitUntil("an 80-column screen") { $0.split(separator: "\n").first.map { UIBehaviourTests.columns($0) } ?? 0 > 60 }

        // The daemon's message wakes it; the banner's timer takes the banner away again.
        _ = try await center.run(["post", "--title", "Fresh news", "--body", "now"])
        try await ui.waitFor("╭─")
        try await ui.waitFor("Fresh news")
        try await ui.waitForAbsence("╭─")

        await ui.send("q")
        try await ui.waitUntil("herald to exit") { _ in await ui.hasExited }
    }
}
}
