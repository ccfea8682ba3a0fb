/// One cell the backend must draw: its position and its new content.
public struct CellChange: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var cell: Cell
    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

extension Buffer {
    /// The cells of `next` that differ from this (previous) buffer, row by row, left to right.
    ///
    /// Continuation cells are never returned: drawing a wide grapheme covers them. When the sizes
    /// differ, every cell of `next` is returned (a full redraw).
    ///
    /// ```swift
    /// let changes = previous.diff(next)
    /// backend.draw(changes)
    /// ```
    public func diff(_ next: Buffer) -> [CellChange] {
        var changes: [CellChange] = []
        let full = next.area != area
        let width = next.area.width
        for (i, cell) in next.cells.enumerated() where !cell.isContinuation {
            if full || cell != cells[i]
                || (cell.width == 2 && i + 1 < cells.count && cells[i + 1] != next.cells[i + 1]) {
                changes.append(CellChange(x: next.area.x + i % width, y: next.area.y + i / width, cell: cell))
            }
        }
        return changes
    }
}
