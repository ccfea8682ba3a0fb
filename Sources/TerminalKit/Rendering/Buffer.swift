/// A grid of `Cell`s covering `area`: what widgets draw into and what the backend diffs.
///
/// Every string written with `setString` passes through `TerminalText.sanitize` and is measured
/// with `DisplayWidth`, so control characters never reach the screen and wide graphemes take
/// two cells. Writes outside `area` are clipped.
///
/// ```swift
/// var buffer = Buffer(area: Rect(width: 10, height: 1))
/// buffer.setString(x: 0, y: 0, "日本", style: Style(attributes: .bold))
/// buffer.lines   // ["日本      "]
/// ```
public struct Buffer: Sendable, Hashable {
    public private(set) var area: Rect
    /// Row-major cells, `area.width * area.height` of them.
    public private(set) var cells: [Cell]

    /// A buffer of blank cells.
    public init(area: Rect) {
        self.area = area
        self.cells = Array(repeating: .blank, count: area.area)
    }

    /// A buffer of `width` × `height` blank cells at the origin.
    public init(width: Int, height: Int) { self.init(area: Rect(width: width, height: height)) }

    @inline(__always) func index(x: Int, y: Int) -> Int? {
        guard area.contains(x: x, y: y) else { return nil }
        return (y - area.y) * area.width + (x - area.x)
    }

    /// The cell at column `x`, row `y` (absolute coordinates); a blank cell outside the area.
    public subscript(x: Int, y: Int) -> Cell {
        guard let i = index(x: x, y: y) else { return .blank }
        return cells[i]
    }

    /// Puts one cell, keeping wide graphemes consistent: a wide cell also writes its
    /// continuation; overwriting half of an existing wide grapheme blanks the other half.
    public mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard let i = index(x: x, y: y) else { return }
        // Writing over the right half of a wide grapheme: blank its left half.
        if cells[i].isContinuation, x - 1 >= area.x, let left = index(x: x - 1, y: y), cells[left].width == 2 {
            cells[left] = Cell(symbol: " ", width: 1, style: cells[left].style)
        }
        // Writing over the left half of a wide grapheme: blank its right half.
        if cells[i].width == 2, let right = index(x: x + 1, y: y), cells[right].isContinuation {
            cells[right] = Cell(symbol: " ", width: 1, style: cells[right].style)
        }
        if cell.width == 2 {
            guard let right = index(x: x + 1, y: y) else {
                cells[i] = Cell(symbol: " ", width: 1, style: cell.style)   // no room for both halves
                return
            }
            if cells[right].width == 2, let after = index(x: x + 2, y: y), cells[after].isContinuation {
                cells[after] = Cell(symbol: " ", width: 1, style: cells[after].style)
            }
            cells[i] = cell
            cells[right] = .continuation(style: cell.style)
        } else {
            cells[i] = cell
        }
    }

    /// Writes `text` (sanitized, on one line) from column `x`, at most `maxWidth` columns (and
    /// never past the buffer's right edge). A wide grapheme that does not fit is replaced by a
    /// space. Returns the number of columns written.
    @discardableResult
    public mutating func setString(x: Int, y: Int, _ text: String, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        let limit = min(maxWidth ?? Int.max, area.maxX - x)
        guard limit > 0, y >= area.y, y < area.maxY else { return 0 }
        var column = 0
        for grapheme in TerminalText.sanitize(text) {
            let symbol = String(grapheme)
            let width = DisplayWidth.of(grapheme)
            if width == 0 { continue }
            if column + width > limit {
                if column < limit { put(Cell(symbol: " ", width: 1, style: style), x: x + column, y: y); column += 1 }
                break
            }
            if x + column >= area.x {
                put(Cell(symbol: symbol, width: width, style: style), x: x + column, y: y)
            }
            column += width
        }
        return column
    }

    /// Fills `rect` (clipped to the area) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            var x = r.x
            while x < r.maxX {
                put(cell, x: x, y: y)
                x += max(1, cell.width)
            }
        }
    }

    /// Patches the style of every cell in `rect` (clipped) with `style`.
    public mutating func setStyle(_ rect: Rect, _ style: Style) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                if let i = index(x: x, y: y) { cells[i].style = cells[i].style.patched(with: style) }
            }
        }
    }

    /// Replaces every cell's style by `transform(style)` (used for `NO_COLOR`).
    public mutating func mapStyles(_ transform: (Style) -> Style) {
        for i in cells.indices { cells[i].style = transform(cells[i].style) }
    }

    /// The text of each row (continuation cells skipped, trailing spaces kept).
    public var lines: [String] {
        (0..<area.height).map { row in
            var line = ""
            let start = row * area.width
            for cell in cells[start..<start + area.width] where !cell.isContinuation { line += cell.symbol }
            return line
        }
    }

    /// Resizes to `area`, blanking every cell.
    public mutating func reset(area newArea: Rect) {
        area = newArea
        cells = Array(repeating: .blank, count: newArea.area)
    }
}
