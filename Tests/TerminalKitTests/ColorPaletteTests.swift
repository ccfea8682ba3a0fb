import Testing
@testable import TerminalKit

/// Colours past the basic eight, as a terminal with fewer colours shows them.
@Suite struct ColorPaletteTests {
    @Test func rgbGoesToTheNearestPaletteEntry() {
        #expect(Color.rgb(255, 0, 0).paletteIndex(colors: 256) == 196)
        #expect(Color.rgb(255, 0, 0).paletteIndex(colors: 16) == 9)
        #expect(Color.rgb(255, 0, 0).paletteIndex(colors: 8) == 1)
        #expect(Color.rgb(128, 128, 128).paletteIndex(colors: 256) == 244)
    }

    @Test func paletteEntriesStayWhenTheTerminalHasThem() {
        #expect(Color.indexed(110).paletteIndex(colors: 256) == 110)
        #expect(Color.indexed(196).paletteIndex(colors: 16) == 9)
        #expect(Color.red.paletteIndex(colors: 8) == 1)
        #expect(Color.default.paletteIndex(colors: 256) == nil)
    }
}
