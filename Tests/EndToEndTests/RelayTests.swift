import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald relay` on a pseudo-terminal (`script`): the sequences it writes, byte for byte, with
/// hostile titles made inert; kitty's click reports answering the notification; tmux's
/// passthrough, through a real tmux.
@Suite(.enabled(if: ScriptTerminal.isAvailable)) struct RelayTests {
    static let hostile = "evil\u{1B}]52;c;aGk=\u{07}x;y\u{1B}[2J\u{9D}0;pwn\u{9C}\u{07}end"
    /// Variables that would make the relay guess (the tests say which sequence they want).
    static let terminalVariables = ["TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID", "LC_TERMINAL", "WT_SESSION", "VTE_VERSION"]

    func relay(_ center: CenterSession, _ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color"])
        async throws -> ScriptTerminal {
        let terminal = try ScriptTerminal(command: [center.herald, "--home", center.home.path, "relay"] + arguments,
                                          environment: environment.merging(["HERALD_NO_SPAWN": "1"]) { $1 },
                                          unsetting: Self.terminalVariables)
        try await terminal.waitFor("Ctrl-C stops")
        return terminal
    }

    /// The sequences of `kind` in `text`, from their introducer to their terminator.
    func sequences(_ text: String, introducer: String, terminator: String) -> [String] {
        text.components(separatedBy: introducer).dropFirst().compactMap { rest in
            rest.range(of: terminator).map { String(rest[..<$0.lowerBound]) }
        }
    }

    @Test func osc777CarriesTitleAndBodyAndNothingElse() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let terminal = try await relay(center, ["--osc", "777"])
        defer { terminal.stop() }
        _ = try await center.run(["post", "--new-app", "make", "--title", Self.hostile, "--body", "line 1\nline 2; \u{1B}[31mred"])
        let text = try await terminal.waitFor("\u{07}herald relay:")
        let found = sequences(text, introducer: "\u{1B}]777;", terminator: "\u{07}")
        #expect(found == ["notify;evilx,yend;line 1 line 2, red"])
        // Nothing else of the notification reached the terminal as a control: the only ESCs
        // are the one sequence's introducer.
        #expect(text.filter { $0 == "\u{1B}" }.count == 1)
        #expect(!text.contains("aGk=") && !text.contains("pwn"))
    }

    @Test func osc9CarriesOneMessage() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let terminal = try await relay(center, ["--osc", "9", "--quiet"])
        defer { terminal.stop() }
        _ = try await center.run(["post", "--new-app", "make", "--title", "9;4;3;50", "--body", "done"])
        let text = try await terminal.waitFor("\u{07}")
        #expect(sequences(text, introducer: "\u{1B}]9;", terminator: "\u{07}") == ["9,4,3,50: done"])
    }

    /// kitty: base64 text with the notification's identifier; a click on a button comes back on
    /// the terminal's input and answers the script waiting for it; the notification is then
    /// taken away.
    @Test func kittyClicksComeBack() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let terminal = try await relay(center, ["--osc", "99"])
        defer { terminal.stop() }
        let post = try center.startPost(["--new-app", "ci", "--title", Self.hostile, "--action", "ok:Ship",
                                         "--action", "no:Hold", "--wait"])
        let text = try await terminal.waitFor(":p=body:e=1;")
        let id = try await ControlCommandTests.id(of: Self.hostile, in: center)
        let chunks = sequences(text, introducer: "\u{1B}]99;", terminator: "\u{1B}\\")
        #expect(chunks.count == 3)
        #expect(chunks[0].hasPrefix("i=herald-\(id):d=0:u=1:a=focus,report:p=title:e=1;"))
        let title = chunks[0].split(separator: ";").last.flatMap { Data(base64Encoded: String($0)) }
        #expect(title.map { String(decoding: $0, as: UTF8.self) } == "evilx;yend")
        #expect(chunks[1] == "i=herald-\(id):d=0:p=buttons:e=1;" + Data("Ship\u{2028}Hold".utf8).base64EncodedString())
        // The terminal reports a click on button 2 (Hold).
        terminal.type(Array("\u{1B}]99;i=herald-\(id);2\u{1B}\\".utf8))
        #expect(await post.finish().stdout == "no\n")
        try await terminal.waitFor("\u{1B}]99;i=herald-\(id):p=close;\u{1B}\\")
        // What was typed never showed on the terminal (no echo).
        #expect(!terminal.text.contains(";2\u{1B}\\"))
    }

    @Test func closedBannersAreTakenBackAndRestoredOnesSentAgain() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let terminal = try await relay(center, ["--osc", "99", "--quiet"])
        defer { terminal.stop() }
        _ = try await center.run(["post", "--new-app", "make", "--title", "Build finished"])
        try await terminal.waitFor(":p=body:e=1;")
        let id = try await ControlCommandTests.id(of: "Build finished", in: center)
        #expect(try await center.run(["close", String(id)]).status == 0)
        try await terminal.waitFor("i=herald-\(id):p=close;")
        #expect(try await center.run(["restore"]).stdout == "\(id)\n")
        try await terminal.waitUntil("the notification sent again") {
            sequences($0, introducer: "\u{1B}]99;", terminator: "\u{1B}\\").filter { $0.contains(":p=title:") }.count == 2
        }
    }

    @Test func heldBannersAreNotSent() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let terminal = try await relay(center, ["--osc", "777"])
        defer { terminal.stop() }
        _ = try await center.run(["dnd", "on"])
        _ = try await center.run(["post", "--new-app", "make", "--title", "quiet please"])
        _ = try await center.run(["post", "--new-app", "make", "--title", "urgent", "--level", "critical"])
        try await terminal.waitFor("notify;urgent;")
        #expect(!terminal.text.contains("quiet please"))
    }

    /// Guessed from the terminal's name (foot → OSC 777), and from the configuration file.
    @Test func theSequenceIsGuessedOrConfigured() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let foot = try await relay(center, [], environment: ["TERM": "foot"])
        defer { foot.stop() }
        #expect(foot.text.contains("as OSC 777"))
        let config = center.home.path + "/relay-config"
        try "[relay]\nosc = 99\n".write(toFile: config, atomically: true, encoding: .utf8)
        let configured = try await relay(center, [], environment: ["TERM": "foot", "HERALD_CONFIG": config])
        defer { configured.stop() }
        #expect(configured.text.contains("as OSC 99"))
        let wrong = try await center.run(["relay", "--osc", "42"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--osc: give auto, 777, 9 or 99, not '42'"))
        // `herald config` checks [relay] too.
        try "[relay]\nosc = 42\ncolour = yes\n".write(toFile: config, atomically: true, encoding: .utf8)
        let check = try await runProgram(center.herald, ["config"], environment: ["HERALD_CONFIG": config])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(config):2: [relay] osc: give auto, 777, 9 or 99, not '42'"))
        #expect(check.stderr.contains("\(config):3: [relay] has no setting 'colour' (known: osc)"))
    }

    /// Inside tmux the sequence goes through tmux's passthrough — and a real tmux, with
    /// `allow-passthrough on`, hands it to the terminal it runs in.
    @Test func throughTmuxToTheOuterTerminal() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let socket = "herald-relay-\(UUID().uuidString.prefix(8))"
        let relay = "\(center.herald) --home \(center.home.path) relay --osc 777"
        let outer = try ScriptTerminal(
            command: ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-x", "150", "-y", "10",
                      "tmux set -g allow-passthrough on; \(relay); sleep 60"],
            environment: ["TERM": "xterm-256color", "HERALD_NO_SPAWN": "1"], unsetting: Self.terminalVariables)
        defer {
            outer.stop()
            TmuxSession.killServer(socket)
        }
        try await outer.waitFor("through tmux")
        _ = try await center.run(["post", "--new-app", "make", "--title", "from the pane", "--body", "b"])
        try await outer.waitFor("\u{1B}]777;notify;from the pane;b\u{07}")
        #expect(!outer.text.contains("Ptmux;"))   // tmux unwrapped it
    }
}
}
