import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald status` and `herald status --watch` against the real daemon: the line, its JSON
/// for status bars, a new line at each change, nothing (not even a wake-up) while idle.
@Suite struct StatusLineTests {
    static let hostile = "Deploy\u{1B}]52;c;aGk=\u{07} #[fg=red]#(touch /tmp/x)\u{9B}31m done"

    func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func theLineSummarisesTheCenter() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        #expect(try await center.run(["status"]).stdout == "0 unread\n")
        _ = try await center.run(["post", "--new-app", "make", "--title", "Build failed"])
        _ = try await center.run(["post", "--new-app", "com.example.mail", "--title", "Lunch?"])
        _ = try await center.run(["post", "--new-app", "com.example.mail", "--title", "Re: Lunch?"])
        _ = try await center.run(["focus", "on", "Do Not Disturb"])
        #expect(try await center.run(["status"]).stdout
                == "3 unread (Mail 2 · Make 1) · Focus: Do Not Disturb · Mail: Re: Lunch?\n")
        let custom = try await center.run(["status", "--format", "{?unread ✉ {unread}}{!unread ✓} [{title:6}] {id}"])
        let id = try await ControlCommandTests.id(of: "Re: Lunch?", in: center)
        #expect(custom.stdout == "✉ 3 [Re: L…] \(id)\n")
        let mistake = try await center.run(["status", "--format", "{unread} {titel}"])
        #expect(mistake.status == 2)
        #expect(mistake.stderr.hasPrefix("herald status: --format: column 10: unknown placeholder {titel}"))
    }

    @Test func jsonIsWhatAStatusBarReads() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let quiet = try await object(try center.run(["status", "--json"]).stdout)
        #expect(quiet["text"] as? String == "" && quiet["class"] as? String == "none" && quiet["alt"] as? String == "none")
        _ = try await center.run(["post", "--new-app", "make", "--title", Self.hostile])
        _ = try await center.run(["dnd", "on"])
        let printed = try await center.run(["status", "--json"]).stdout
        // Nothing a terminal acts on is printed raw (the JSON escapes it)…
        #expect(!printed.unicodeScalars.contains { $0.value < 0x0A || (0x0B..<0x20).contains($0.value) || (0x7F..<0xA0).contains($0.value) })
        let json = try object(printed)
        #expect(json["text"] as? String == "1")
        #expect(json["class"] as? String == "dnd-unread")
        #expect(json["unread"] as? Int == 1 && json["dnd"] as? Bool == true && json["focus"] as? String == "Do Not Disturb")
        // …scripts get the title as it was sent; what a bar shows has it made safe.
        let newest = try #require(json["newest"] as? [String: Any])
        #expect(newest["title"] as? String == Self.hostile)
        #expect((json["tooltip"] as? String)?.hasSuffix("Newest: Make — Deploy #[fg=red]#(touch /tmp/x) done") == true)
    }

    /// In tmux's status line `#[…]` restyles and `#(…)` runs a command: with --tmux every `#`
    /// of a notification is doubled, and tmux — drawing the line on a real terminal — prints
    /// the title as text.
    @Test(.enabled(if: ScriptTerminal.isAvailable)) func tmuxTextCannotRestyleTheStatusLine() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        _ = try await center.run(["post", "--new-app", "make", "--title", Self.hostile])
        let line = try await center.run(["status", "--tmux", "--format", "#[bold]{title}"]).stdout
        #expect(line == "#[bold]Deploy ##[fg=red]##(touch /tmp/x) done\n")
        let socket = "herald-status-\(UUID().uuidString.prefix(8))"
        let job = "\(center.herald) --home \(center.home.path) status --tmux --format '<{title}>'"
        let terminal = try ScriptTerminal(
            command: ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-x", "160", "-y", "6",
                      "tmux set -g status-right-length 150; tmux set -g status-right \"#(\(job))\"; sleep 60"],
            environment: ["TERM": "xterm-256color", "HERALD_NO_SPAWN": "1"], unsetting: ["TMUX"])
        defer {
            terminal.stop()
            TmuxSession.killServer(socket)
        }
        let drawn = try await terminal.waitFor(" done>")
        #expect(drawn.contains("<Deploy #[fg=red]#(touch /tmp/x) done>"))
        #expect(!drawn.contains("\u{1B}[31m"))   // red was never drawn
    }

    @Test func watchPrintsALineAtEachChangeAndNothingWhileIdle() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let watch = try LineFollower(center.herald, ["--home", center.home.path, "status", "--watch", "--json"],
                                     environment: ["HERALD_NO_SPAWN": "1"])
        defer { watch.stop() }
        try await watch.waitForLine { $0.contains(#""unread":0"#) }
        _ = try await center.run(["post", "--new-app", "make", "--title", Self.hostile])
        let line = try await watch.waitForLine(after: 1) { $0.contains(#""unread":1"#) }
        #expect(try object(line)["text"] as? String == "1")
        #expect(!line.unicodeScalars.contains { $0.value == 0x1B })
        // Idle: no line, and the process never runs — its context switches stay as they are,
        // while a program that polls (the control) is seen waking in the same window.
        let polling = try LineFollower("/bin/sh", ["-c", "echo ready; while :; do sleep 0.2; done"], environment: [:])
        defer { polling.stop() }
        try await polling.waitForLine { $0 == "ready" }
        // (Whatever the post still sets off — the app's record, counts — has come and gone.)
        var settled = watch.contextSwitches()
        for _ in 0..<20 {
            try await Task.sleep(for: .seconds(0.5))
            let now = watch.contextSwitches()
            if now.switches == settled.switches { break }
            settled = now
        }
        let lines = watch.all.count
        let before = watch.contextSwitches(), pollingBefore = polling.contextSwitches()
        try await Task.sleep(for: .seconds(3))
        let after = watch.contextSwitches(), pollingAfter = polling.contextSwitches()
        #expect(before.threads == 1)
        #expect(after.switches == before.switches)
        #expect(pollingAfter.switches > pollingBefore.switches)
        #expect(watch.all.count == lines)
        // Read elsewhere: the count goes down.
        _ = try await center.run(["clear"])
        try await watch.waitForLine(after: lines) { $0.contains(#""unread":0"#) }
    }

    @Test func watchSaysWhenTheCenterGoesAndComesBack() async throws {
        let center = try IsolatedCenter()
        defer { center.close() }
        _ = try await center.run(["post", "--new-app", "make", "--title", "before"])
        let watch = try LineFollower(center.herald, ["status", "--watch"],
                                     environment: center.environment.merging(["HERALD_NO_SPAWN": "1"]) { $1 })
        defer { watch.stop() }
        try await watch.waitForLine { $0.hasPrefix("1 unread") }
        let holder = try #require(center.lockHolder())
        kill(holder.pid, SIGTERM)
        let offline = try await watch.waitForLine { $0 == "herald: offline" }
        #expect(offline == "herald: offline")
        let lines = watch.all.count
        _ = try await center.run(["post", "--new-app", "make", "--title", "after"])   // starts a center again
        try await watch.waitForLine(after: lines) { $0.hasPrefix("2 unread") }
    }
}
}
