import Testing
@testable import TerminalKit

@Suite struct BufferTests {
    @Test func linesRoundTrip() {
        let buffer = Buffer(lines: ["ab", "日本x"])
        #expect(buffer.area.width == 5)
        #expect(buffer.lines == ["ab   ", "日本x"])
    }

    @Test func wideGraphemeTakesTwoCells() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.setString(x: 0, y: 0, "日a")
        #expect(buffer[0, 0].width == 2)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[2, 0].symbol == "a")
    }

    @Test func wideGraphemeAtTheEdgeBecomesASpace() {
        var buffer = Buffer(width: 3, height: 1)
        let written = buffer.setString(x: 0, y: 0, "a日本")
        #expect(buffer.lines == ["a日"])
        #expect(written == 3)
        var narrow = Buffer(width: 4, height: 1)
        narrow.setString(x: 0, y: 0, "ab日本")
        #expect(narrow.lines == ["ab日"])
        var clipped = Buffer(width: 4, height: 1)
        clipped.setString(x: 1, y: 0, "x日本")
        #expect(clipped.lines == [" x日"])
        var cut = Buffer(width: 4, height: 1)
        cut.setString(x: 0, y: 0, "abc日")
        #expect(cut.lines == ["abc "])
    }

    @Test func maxWidthClipsEmoji() {
        var buffer = Buffer(width: 10, height: 1)
        buffer.setString(x: 0, y: 0, "👍🏽👍🏽👍🏽", maxWidth: 5)
        #expect(buffer.lines == ["👍🏽👍🏽      "])
    }

    @Test func overwritingHalfOfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.setString(x: 0, y: 0, "日本")
        buffer.setString(x: 1, y: 0, "x")
        #expect(buffer.lines == [" x本"])
        buffer.setString(x: 2, y: 0, "y")
        #expect(buffer.lines == [" xy "])
    }

    @Test func writesOutsideAreClipped() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.setString(x: 0, y: 5, "nope")
        buffer.setString(x: 2, y: 0, "xyz")
        buffer.fill(Rect(x: -3, y: -3, width: 2, height: 2), with: Cell("#"))
        #expect(buffer.lines == ["  x"])
    }

    @Test func debugDescriptionShowsRowsAndStyles() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.setString(x: 0, y: 0, "Hi", style: Style(foreground: .red, attributes: .bold))
        #expect(buffer.debugDescription == "Buffer 6×1\n\"Hi    \"\nstyles:\n  y=0 x=0..<2 fg=red bold\n")
    }

    @Test func equalityIncludesStyles() {
        var a = Buffer(width: 2, height: 1)
        var b = Buffer(width: 2, height: 1)
        a.setString(x: 0, y: 0, "x")
        b.setString(x: 0, y: 0, "x", style: Style(attributes: .bold))
        #expect(a != b)
        #expect(a.hasSameText(as: b))
    }

    @Test func diffReturnsOnlyChangedCells() {
        var a = Buffer(width: 10, height: 2)
        a.setString(x: 0, y: 0, "hello")
        var b = a
        b.setString(x: 1, y: 1, "日")
        let changes = a.diff(b)
        #expect(changes.count == 1)
        #expect(changes[0].x == 1 && changes[0].y == 1 && changes[0].cell.symbol == "日")
    }

    @Test func diffAfterResizeIsFull() {
        let a = Buffer(width: 2, height: 2)
        let b = Buffer(width: 3, height: 2)
        #expect(a.diff(b).count == 6)
    }

    @Test func diffReplacingWideWithNarrowRedrawsBothCells() {
        var a = Buffer(width: 4, height: 1)
        a.setString(x: 0, y: 0, "日")
        var b = Buffer(width: 4, height: 1)
        b.setString(x: 0, y: 0, "ab")
        let changes = a.diff(b)
        #expect(changes.map(\.x) == [0, 1])
    }

    @Test func rectHelpers() {
        let r = Rect(width: 80, height: 24)
        let (top, rest) = r.splitTop(1)
        #expect(top.height == 1 && rest.y == 1 && rest.height == 23)
        #expect(r.centered(width: 10, height: 4) == Rect(x: 35, y: 10, width: 10, height: 4))
        #expect(r.intersection(Rect(x: 70, y: 20, width: 20, height: 20)) == Rect(x: 70, y: 20, width: 10, height: 4))
    }
}
