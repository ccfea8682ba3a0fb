import Testing
@testable import TerminalKit

@Suite struct TextLayoutTests {
    @Test func truncatesByWidth() {
        #expect(TextLayout.truncate("Hello, world", to: 8) == "Hello, …")
        #expect(TextLayout.truncate("Hello", to: 5) == "Hello")
        #expect(TextLayout.truncate("日本語テキスト", to: 7) == "日本語…")
        #expect(TextLayout.truncate("abc", to: 0) == "")
    }

    @Test func wrapsWordsAndBreaksLongOnes() {
        #expect(TextLayout.wrap("one two three", width: 7) == ["one two", "three"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("first\nsecond", width: 20) == ["first", "second"])
    }

    @Test func wrapsWideCharactersWithoutSplittingThem() {
        let lines = TextLayout.wrap("日本語のテキスト", width: 5)
        #expect(lines == ["日本", "語の", "テキ", "スト"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 5 })
    }

    @Test func padsToExactWidth() {
        #expect(TextLayout.pad("日本", to: 6) == "日本  ")
        #expect(DisplayWidth.of(TextLayout.pad("日本語テ", to: 5)) == 5)
    }

    @Test func firstLineSkipsEmptyLines() {
        #expect(TextLayout.firstLine("\n\nhello\nworld") == "hello")
    }
}
