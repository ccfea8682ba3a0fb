import Foundation
import HeraldCore
@testable import HeraldTmux
import TerminalKit
import Testing

/// Notification text on its way into tmux: sanitized, `#` doubled for formats, a trailing `;`
/// escaped for tmux's command line.
@Suite struct TmuxTextTests {
    @Test func formatsAreInertAndEscapesGone() {
        #expect(TmuxText.format("50% #{session_name} #[fg=red]x") == "50% ##{session_name} ##[fg=red]x")
        #expect(TmuxText.format("\u{1B}]52;c;aGk=\u{07}hi\u{1B}[2J\nthere") == "hi there")
        #expect(TmuxText.format("run ls;") == "run ls\\;")
    }

    @Test func aTrailingSemicolonIsEscapedAndNothingElse() {
        #expect(TmuxText.argument("a;b") == "a;b")
        #expect(TmuxText.argument("ab;") == "ab\\;")
        #expect(TmuxText.argument("ab\\;") == "ab\\\\;")
    }

    @Test func aMessageLineNamesTheAppAndFitsTheClient() {
        let record = TmuxFixtures.record("Deploy #42 \u{1B}[31mfailed", body: "line one\nline two", presentation: [.banner])
        #expect(TmuxMessageLine.text(for: record, appName: "CI", showsPreviews: true, width: 80)
                == "✉ CI: Deploy ##42 failed — line one")
        #expect(TmuxMessageLine.text(for: record, appName: "CI", showsPreviews: false, width: 80) == "✉ CI: Notification")
        let narrow = TmuxMessageLine.text(for: record, appName: "CI", showsPreviews: true, width: 20)
        #expect(DisplayWidth.of(narrow.replacingOccurrences(of: "##", with: "#")) <= 19)
        #expect(TmuxMessageLine.command("hi", client: "/dev/pts/4", seconds: 2.5)
                == ["display-message", "-c", "/dev/pts/4", "-d", "2500", "hi"])
    }

    @Test func statusOptionsAreSetThenEachClientRedrawsItsStatusLine() {
        let commands = TmuxStatusOptions(unread: 3, focus: "Deep #work").commands(clients: ["/dev/pts/4", "/dev/pts/5"])
        #expect(commands == [["set-option", "-g", "@herald_unread", "3"],
                             ["set-option", "-g", "@herald_focus", "Deep ##work"],
                             ["refresh-client", "-S", "-t", "/dev/pts/4"],
                             ["refresh-client", "-S", "-t", "/dev/pts/5"]])
        #expect(TmuxStatusOptions(unread: 0, focus: nil).commands(clients: [])[1] == ["set-option", "-g", "@herald_focus", ""])
    }

    @Test func keysGoOnToThePaneByTheirTmuxNames() {
        let commands = TmuxKeys.commands(typing: [.char("w"), .char("q"), .enter, .ctrl("W"), .char(";"), .escape,
                                                  .up, .function(5)], into: "%3")
        #expect(commands == [["send-keys", "-t", "%3", "-l", "wq"], ["send-keys", "-t", "%3", "Enter"],
                             ["send-keys", "-t", "%3", "C-w"], ["send-keys", "-t", "%3", "-l", "\\;"],
                             ["send-keys", "-t", "%3", "Escape"], ["send-keys", "-t", "%3", "Up"],
                             ["send-keys", "-t", "%3", "F5"]])
    }
}
