import Testing
@testable import TerminalKit

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}[2J", ""),
        ("\u{1B}[2JHello", "Hello"),
        ("a\u{1B}[31;1mred\u{1B}[0m", "ared"),
        ("\u{1B}]0;evil title\u{7}ok", "ok"),
        ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
        ("\u{1B}Pq#0;2;0;0;0\u{1B}\\after", "after"),
        ("\u{9B}31mC1 CSI", "C1 CSI"),
        ("\u{9D}0;t\u{9C}x", "x"),
        ("bell\u{7}\u{8}\u{0}", "bell"),
        ("del\u{7F}", "del"),
        ("c1\u{85}\u{90}", "c1"),
        ("tab\there", "tab here"),
        ("line\nbreak", "line break"),
        ("cr\r\nlf", "cr lf"),
        ("\u{202E}evil\u{202C}", "evil"),
        ("\u{2066}iso\u{2069}\u{200F}", "iso"),
        ("\u{1B}(Bcharset", "charset"),
        ("\u{1B}7save\u{1B}8", "save"),
        ("日本 👍🏽 e\u{301}", "日本 👍🏽 e\u{301}"),
        ("trailing\u{1B}", "trailing"),
        ("\u{1B}[", ""),
    ])
    func sanitizes(input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    /// The byte check finds exactly the characters the scalar check names: every scalar of the
    /// Basic Multilingual Plane and every 61st above it, alone and between other text.
    @Test func theByteCheckAgreesWithTheScalarCheck() {
        let planes = Array(0..<0x1_0000) + Array(stride(from: 0x1_0000, through: 0x10_FFFF, by: 61))
        for value in planes {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }   // surrogates
            let expected = TerminalText.needsAttention(scalar)
            let alone = String(Character(scalar))
            if TerminalText.containsAttention(alone) != expected
                || TerminalText.containsAttention("ab·" + alone + "é日") != expected {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)): the byte check says \(!expected)")
                return
            }
        }
    }

    @Test func keepsNewlinesWhenAsked() {
        #expect(TerminalText.sanitize("a\nb\r\nc\u{2028}d", keepingNewlines: true) == "a\nb\nc\nd")
    }

    @Test func keepsZeroWidthJoinerInEmoji() {
        #expect(TerminalText.sanitize("👨‍👩‍👧") == "👨‍👩‍👧")
    }

    @Test func bufferNeverHoldsControlCharacters() {
        var buffer = Buffer(width: 20, height: 1)
        buffer.setString(x: 0, y: 0, "\u{1B}[2J\u{1B}[Hhi\u{7}")
        #expect(buffer.lines == ["hi                  "])
        #expect(buffer.cells.allSatisfy { !$0.symbol.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } })
    }

    /// A log shows what was sent, escaped: control characters, C1 and bidirectional controls.
    @Test func escapedShowsWhatSanitizeWouldRemove() {
        #expect(TerminalText.escaped("probe\u{1B}[31mRED\u{7}\n") == "probe\\u{1B}[31mRED\\u{7}\\u{A}")
        #expect(TerminalText.escaped("caf\u{E9} \u{9B}x") == "caf\u{E9} \\u{9B}x")
        #expect(TerminalText.escaped("\u{202E}txt.exe") == "\\u{202E}txt.exe")
        #expect(TerminalText.escaped("plain") == "plain")
    }

    /// `--json` output: DEL, C1 and bidirectional controls escaped inside strings; the JSON
    /// still reads the same, its layout untouched.
    @Test func inertJSONEscapesWhatEncodersLeaveRaw() {
        let json = "{\n  \"name\" : \"a\u{9B}2J\u{202E}b\u{7F}\u{85}\"\n}"
        let inert = TerminalText.inertJSON(json)
        #expect(inert == "{\n  \"name\" : \"a\\u009b2J\\u202eb\\u007f\\u0085\"\n}")
        #expect(!inert.unicodeScalars.contains { TerminalText.needsAttention($0) && $0 != "\n" })
        #expect(TerminalText.inertJSON("[\"日本 👍🏽\"]") == "[\"日本 👍🏽\"]")
    }
}
