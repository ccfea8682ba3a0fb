import HeraldUI

/// Counts the bytes a terminal would receive for a list of changed cells, encoded the way
/// curses sends them to an xterm-like terminal: a cursor move (`ESC [ row ; col H`) only where
/// the next cell is not where the cursor already is (short gaps on the same row are rewritten
/// instead, as curses does when that is cheaper), an SGR sequence only when the style changes
/// (`ESC [ 0 ; attrs ; 3x ; 4x m`), then the UTF-8 bytes of the grapheme.
///
/// ```swift
/// var counter = TerminalByteCounter()
/// let bytes = counter.bytes(for: previous.diff(next), in: next)
/// ```
struct TerminalByteCounter {
    private var cursor: (x: Int, y: Int)?
    private var style: Style?

    /// The bytes for drawing `changes` (cells of `screen`), followed by a flush.
    mutating func bytes(for changes: [CellChange], in screen: Buffer) -> Int {
        var total = 0
        for change in changes {
            if let cursor, cursor.y == change.y, change.x >= cursor.x, change.x - cursor.x <= 4 {
                // Rewriting the few cells in between costs no more than a move.
                for x in cursor.x..<change.x {
                    let cell = screen[x, change.y]
                    total += sgrBytes(cell.style) + cell.symbol.utf8.count
                }
            } else if cursor.map({ $0.x != change.x || $0.y != change.y }) ?? true {
                total += 4 + digits(change.y + 1) + digits(change.x + 1)   // ESC [ r ; c H
            }
            total += sgrBytes(change.cell.style)
            total += max(1, change.cell.symbol.utf8.count)
            cursor = (change.x + max(1, change.cell.width), change.y)
        }
        return total
    }

    /// The SGR bytes to switch to `next` (0 when it is the current style).
    private mutating func sgrBytes(_ next: Style) -> Int {
        guard next != style else { return 0 }
        style = next
        var parameters = ["0"]
        let attributes = next.attributes
        if attributes.contains(.bold) { parameters.append("1") }
        if attributes.contains(.dim) { parameters.append("2") }
        if attributes.contains(.italic) { parameters.append("3") }
        if attributes.contains(.underline) { parameters.append("4") }
        if attributes.contains(.blink) { parameters.append("5") }
        if attributes.contains(.reverse) { parameters.append("7") }
        if next.foreground != .default { parameters.append("3\(next.foreground.rawValue)") }
        if next.background != .default { parameters.append("4\(next.background.rawValue)") }
        return 3 + parameters.joined(separator: ";").utf8.count   // ESC [ … m
    }

    private func digits(_ value: Int) -> Int { String(value).utf8.count }
}
