import Foundation
import Testing
@testable import TerminalKit

/// The terminal's own notifications (OSC 777, 9, 99): what is sent, that nothing a notification
/// says can escape from the sequence, tmux's passthrough, which terminal takes which, and kitty's
/// click reports.
@Suite struct TerminalNotificationTests {
    static let hostile = "evil\u{1B}]52;c;aGk=\u{07}x\u{1B}\\y\u{9D}8;;http://e\u{9C}z;\u{07}\u{1B}[2J;end"

    /// The text between the sequence's introducer and its terminator: no ESC, BEL, C1 or
    /// other control character may be in it, and only the separators the sequence needs.
    func inside(_ sequence: String, prefix: String, terminator: String) -> String? {
        guard sequence.hasPrefix(prefix), sequence.hasSuffix(terminator) else { return nil }
        return String(sequence.dropFirst(prefix.count).dropLast(terminator.count))
    }

    func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }

    @Test func osc777CarriesTitleAndBody() {
        let note = TerminalNotification(identifier: "herald-7", title: "Build failed", body: "3 tests\nred")
        #expect(note.sequence(.osc777) == "\u{1B}]777;notify;Build failed;3 tests red\u{07}")
    }

    @Test func osc9CarriesOneMessage() {
        #expect(TerminalNotification(identifier: "1", title: "Build failed", body: "3 tests").sequence(.osc9)
                == "\u{1B}]9;Build failed: 3 tests\u{07}")
        #expect(TerminalNotification(identifier: "1", title: "Only", body: "").sequence(.osc9) == "\u{1B}]9;Only\u{07}")
    }

    @Test(arguments: [TerminalNotification.Kind.osc777, .osc9])
    func hostileTextIsInertInSemicolonSequences(kind: TerminalNotification.Kind) throws {
        let note = TerminalNotification(identifier: "1", title: Self.hostile, body: Self.hostile)
        let prefix = kind == .osc777 ? "\u{1B}]777;notify;" : "\u{1B}]9;"
        let body = try #require(inside(note.sequence(kind), prefix: prefix, terminator: "\u{07}"))
        #expect(isInert(body))
        // OSC 777 has exactly one separator of its own between title and body; OSC 9 none.
        #expect(body.filter { $0 == ";" }.count == (kind == .osc777 ? 1 : 0))
        #expect(!body.contains("aGk="))   // the OSC 52 inside went whole
        #expect(body.contains("evil") && body.contains("end"))
    }

    @Test func osc99SendsBase64WithTheIdentifierAndButtons() throws {
        let note = TerminalNotification(identifier: "herald-7", title: Self.hostile, body: "line 1\nline 2",
                                        urgency: .critical, buttons: ["Yes", "No\u{1B}[31m"])
        let text = note.sequence(.osc99)
        let parts = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(parts.count == 3)
        #expect(parts[0].hasPrefix("\u{1B}]99;i=herald-7:d=0:u=2:a=focus,report:p=title:e=1;"))
        #expect(parts[1].hasPrefix("\u{1B}]99;i=herald-7:d=0:p=buttons:e=1;"))
        #expect(parts[2].hasPrefix("\u{1B}]99;i=herald-7:d=1:p=body:e=1;"))
        func payload(_ part: String) throws -> String {
            let encoded = try #require(part.split(separator: ";", omittingEmptySubsequences: false).last)
            #expect(encoded.allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) })
            return String(decoding: try #require(Data(base64Encoded: String(encoded))), as: UTF8.self)
        }
        let title = try payload(parts[0])
        #expect(isInert(title) && title.hasPrefix("evil") && title.hasSuffix("end"))
        #expect(try payload(parts[1]) == "Yes\u{2028}No")
        #expect(try payload(parts[2]) == "line 1\nline 2")
    }

    @Test func identifiersKeepOnlyKittysCharacters() {
        #expect(TerminalNotification.closeSequence(identifier: "herald-7;\u{1B}x", kind: .osc99)
                == "\u{1B}]99;i=herald-7x:p=close;\u{1B}\\")
        #expect(TerminalNotification.closeSequence(identifier: "herald-7", kind: .osc777) == nil)
    }

    @Test func longTextIsCutAtACharacter() {
        let long = String(repeating: "é", count: 5000)
        let sequence = TerminalNotification(identifier: "1", title: long, body: long).sequence(.osc777)
        let fields = sequence.dropFirst("\u{1B}]777;notify;".count).dropLast().split(separator: ";")
        #expect(fields.count == 2)
        #expect(fields[0].utf8.count <= TerminalNotification.titleBytes && fields[0].hasSuffix("…"))
        #expect(fields[1].utf8.count <= TerminalNotification.bodyBytes && fields[1].hasSuffix("…"))
    }

    @Test func tmuxPassthroughDoublesEveryEscape() {
        #expect(TerminalNotification.tmuxPassthrough("\u{1B}]99;i=1;x\u{1B}\\")
                == "\u{1B}Ptmux;\u{1B}\u{1B}]99;i=1;x\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test(arguments: [
        (["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty"], nil, TerminalNotification.Kind.osc99),
        (["TERM": "xterm-kitty"], nil, .osc99),
        (["TERM_PROGRAM": "iTerm.app"], nil, .osc9),
        (["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], nil, .osc9),
        (["TERM_PROGRAM": "WezTerm"], nil, .osc777),
        (["TERM_PROGRAM": "ghostty", "TERM": "xterm-ghostty"], nil, .osc777),
        (["TERM": "foot"], nil, .osc777),
        (["TERM": "rxvt-unicode-256color"], nil, .osc777),
        (["VTE_VERSION": "7600", "TERM": "xterm-256color"], nil, .osc777),
        (["WT_SESSION": "x"], nil, .osc9),
        (["TERM": "xterm-256color"], nil, .osc9),
        // In tmux the environment is tmux's own; tmux's word on its client decides.
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color", "KITTY_WINDOW_ID": "3"], nil, .osc9),
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"], "kitty(0.32.2)", .osc99),
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"], "foot", .osc777),
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux"], "WezTerm 20240203", .osc777),
    ] as [([String: String], String?, TerminalNotification.Kind)])
    func detection(environment: [String: String], tmuxClient: String?, expected: TerminalNotification.Kind) {
        #expect(TerminalNotification.Kind.detect(environment: environment, tmuxClient: tmuxClient) == expected)
    }

    @Test func clickReportsAreFoundAmongOtherInput() {
        var scanner = TerminalNotificationReport.Scanner()
        #expect(scanner.feed(Array("ab\u{1B}]99;i=herald-7;\u{1B}\\q".utf8)) == [TerminalNotificationReport(identifier: "herald-7", button: 0)])
        // Split across reads, ended by BEL, a button.
        #expect(scanner.feed(Array("\u{1B}]9".utf8)).isEmpty)
        #expect(scanner.feed(Array("9;i=herald-8;2\u{07}".utf8)) == [TerminalNotificationReport(identifier: "herald-8", button: 2)])
        // Close reports and garbage are passed over.
        #expect(scanner.feed(Array("\u{1B}]99;i=herald-8:p=close;\u{1B}\\\u{1B}]99;i=x;nope\u{1B}\\".utf8)).isEmpty)
        #expect(scanner.feed(Array("\u{1B}]99;i=herald-9;1\u{1B}\\".utf8)) == [TerminalNotificationReport(identifier: "herald-9", button: 1)])
    }

    @Test func anEndlessSequenceIsDropped() {
        var scanner = TerminalNotificationReport.Scanner()
        #expect(scanner.feed(Array("\u{1B}]99;i=1;".utf8) + Array(repeating: UInt8(ascii: "x"), count: 5000)).isEmpty)
        #expect(scanner.feed(Array("\u{1B}]99;i=2;\u{1B}\\".utf8)) == [TerminalNotificationReport(identifier: "2", button: 0)])
    }
}
