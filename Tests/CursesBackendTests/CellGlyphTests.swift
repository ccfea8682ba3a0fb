@testable import CursesBackend
import TerminalKit
import Testing

/// What ncurses is given for each kind of grapheme cluster, measured with the C library's own
/// `wcwidth` as ncurses measures it: the columns ncurses counts always equal the model's.
@Suite struct CellGlyphTests {
    init() { TerminalLocale.setUp() }

    func glyph(_ symbol: String) -> CellGlyph {
        CellGlyph(symbol: symbol, width: DisplayWidth.of(symbol), characterWidth: CellGlyph.ncursesWidth)
    }

    /// Columns ncurses advances for the glyph: each cell measured by its first character.
    func ncursesColumns(_ glyph: CellGlyph) -> Int {
        glyph.cells.reduce(0) { $0 + max(1, CellGlyph.ncursesWidth($1.first ?? " ")) }
    }

    @Test(arguments: ["a", "日", "😀", "👍🏽", "❤️", "1️⃣", "🇩🇪", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩🏽‍💻", "e\u{301}", "📎"])
    func ncursesCountsTheModelsWidth(symbol: String) {
        #expect(ncursesColumns(glyph(symbol)) == DisplayWidth.of(symbol), "\(symbol)")
    }

    @Test func aFlagIsDrawnAsItsTwoLetters() {
        #expect(glyph("🇩🇪").cells == [["D"], ["E"]])
    }

    @Test func aTextStyleEmojiMadeWideByVS16IsTheSymbolAndASpace() {
        #expect(glyph("❤️").cells == [["\u{2764}"], [" "]])
        #expect(glyph("1️⃣").cells == [["1", "\u{20E3}"], [" "]])
    }

    @Test func aZWJSequenceThatFitsIsKeptWhole() {
        #expect(glyph("👨‍👩‍👧").cells == [Array("👨‍👩‍👧".unicodeScalars)])
    }

    /// Longer than ncurses' five characters per cell: cut after the last whole member, so the
    /// terminal still draws one two-column family and no ZWJ is left dangling.
    @Test func aZWJSequenceLongerThanACellIsCutAfterAWholeMember() {
        let cells = glyph("👨‍👩‍👧‍👦").cells
        #expect(cells == [Array("👨‍👩‍👧".unicodeScalars)])
        #expect(cells[0].last != "\u{200D}")
    }

    @Test func skinTonesAreLeftOut() {
        #expect(glyph("👍🏽").cells == [["\u{1F44D}"]])
        #expect(glyph("👩🏽‍💻").cells == [Array("👩‍💻".unicodeScalars)])
    }
}
