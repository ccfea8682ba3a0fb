import CursesHarness
import CursesBackend
import TerminalKit
import Testing

/// The meter counts what ncurses writes: nothing for an unchanged screen, a cursor move and the
/// text for a small change, a cleared screen and its text for a full redraw. ncurses has one
/// screen per process, so the tests run one at a time.
@Suite(.serialized) struct CursesByteMeterTests {
    static func screen(_ text: String, at y: Int = 5) -> Buffer {
        var buffer = Buffer(width: 80, height: 24)
        buffer.setString(x: 10, y: y, text)
        return buffer
    }

    @Test func anUnchangedScreenCostsNothing() throws {
        let meter = try CursesByteMeter(width: 80, height: 24)
        let screen = Self.screen("hello")
        #expect(meter.bytes(for: Buffer(area: .zero).diff(screen)) > 0)
        #expect(meter.bytes(for: screen.diff(screen)) == 0)
    }

    @Test func aSmallChangeCostsAMoveAndItsText() throws {
        let meter = try CursesByteMeter(width: 80, height: 24)
        let before = Self.screen("hello world")
        _ = meter.bytes(for: Buffer(area: .zero).diff(before))
        let bytes = meter.bytes(for: before.diff(Self.screen("hello there")))
        // ESC [ 6 ; 17 H (7 bytes) then "there" (5): a few bytes of slack for ncurses' choices.
        #expect((5...20).contains(bytes))
    }

    @Test func aFullRedrawClearsAndSkipsBlanks() throws {
        let meter = try CursesByteMeter(width: 80, height: 24)
        let screen = Self.screen("hello")
        _ = meter.bytes(for: Buffer(area: .zero).diff(screen))
        meter.clear()
        let bytes = meter.bytes(for: Buffer(area: .zero).diff(screen))
        #expect(bytes > 5)
        #expect(bytes < 80 * 24 / 10)   // not a byte per blank cell
    }
}
