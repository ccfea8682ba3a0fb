import Testing
@testable import TerminalKit

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("日本", 4), ("한국어", 6), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("👍🏽", 2), ("🇫🇷", 2),
        ("e\u{301}", 1), ("❤️", 2), ("❤", 1), ("👨‍👩‍👧", 2), ("\u{200B}", 0), ("", 0), ("a\u{7}b", 2),
        ("📎", 2), ("┌─┐", 3), ("Ω", 1), ("\u{FE0F}", 0), ("カタカナ", 8),
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func combiningMarksAddNothing() {
        #expect(DisplayWidth.of("a\u{300}\u{301}\u{302}") == 1)
        #expect(DisplayWidth.of(scalar: "\u{301}") == 0)
    }

    @Test func controlCharactersAreZero() {
        #expect(DisplayWidth.of(scalar: "\u{1B}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{9B}") == 0)
    }
}
