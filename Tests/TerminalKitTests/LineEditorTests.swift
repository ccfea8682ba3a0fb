import Testing
@testable import TerminalKit

@Suite struct LineEditorTests {
    @Test func editsWithCursorKeys() {
        var editor = LineEditor()
        for c in "helo" { editor.handle(.char(c)) }
        editor.handle(.left)
        editor.handle(.char("l"))
        #expect(editor.text == "hello")
        editor.handle(.home)
        editor.handle(.delete)
        #expect(editor.text == "ello")
        editor.handle(.end)
        editor.handle(.backspace)
        #expect(editor.text == "ell")
        #expect(editor.cursor == 3)
    }

    @Test func wideCharactersAndEmojiAreSingleGraphemes() {
        var editor = LineEditor()
        for c in "日本👍🏽" { editor.handle(.char(c)) }
        editor.handle(.backspace)
        #expect(editor.text == "日本")
        editor.handle(.left)
        editor.handle(.backspace)
        #expect(editor.text == "本")
    }

    @Test func scalarsArrivingOneByOneJoinTheirGrapheme() {
        var editor = LineEditor()
        editor.handle(.char("e"))
        editor.handle(.char("\u{301}"))
        editor.handle(.char("👍"))
        editor.handle(.char("\u{1F3FD}"))
        #expect(editor.graphemes.count == 2)
        #expect(editor.text == "e\u{301}👍🏽")
        editor.handle(.backspace)
        #expect(editor.text == "e\u{301}")
    }

    @Test func controlCharactersNeverEnter() {
        var editor = LineEditor()
        editor.handle(.char("\u{1B}"))
        editor.handle(.char("a"))
        #expect(editor.text == "a")
    }

    @Test func emacsKeys() {
        var editor = LineEditor("one two three")
        editor.handle(.ctrl("w"))
        #expect(editor.text == "one two ")
        editor.handle(.ctrl("a"))
        editor.handle(.ctrl("k"))
        #expect(editor.text == "")
    }

    @Test func visibleWindowKeepsTheCursorInView() {
        let editor = LineEditor("日本語のテキストです")   // 20 columns, cursor at the end
        let (text, column) = editor.visible(width: 8)
        #expect(DisplayWidth.of(text) <= 8)
        #expect(column <= 7)
        #expect(text.hasSuffix("です"))
    }
}
