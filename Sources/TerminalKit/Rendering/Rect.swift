/// A rectangle of cells: origin (`x`, `y`, zero-based, column and row) and size.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let (top, rest) = screen.splitTop(1)
/// ```
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// The overlap of two rectangles (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let nx = max(x, other.x), ny = max(y, other.y)
        let mx = min(maxX, other.maxX), my = min(maxY, other.maxY)
        return Rect(x: nx, y: ny, width: mx - nx, height: my - ny)
    }

    /// Shrinks by `dx` columns on the left and right and `dy` rows at the top and bottom.
    public func inset(dx: Int = 1, dy: Int = 1) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The first `rows` rows and what is left below them.
    public func splitTop(_ rows: Int) -> (Rect, Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The last `rows` rows and what is left above them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - r),
                Rect(x: x, y: maxY - r, width: width, height: r))
    }

    /// The first `columns` columns and what is left to their right.
    public func splitLeft(_ columns: Int) -> (Rect, Rect) {
        let c = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height))
    }

    /// A rectangle of the given size centred in this one (clipped to it).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    /// This rectangle with one blank column on each side, within `bounds`: a box drawn over the
    /// screen clears its gutter so the text underneath never touches its border or shows in a
    /// lone column beside it.
    public func withGutter(in bounds: Rect) -> Rect {
        Rect(x: x - 1, y: y, width: width + 2, height: height).intersection(bounds)
    }

    /// The row at offset `dy` (one line high), or an empty rect outside.
    public func row(_ dy: Int) -> Rect {
        guard dy >= 0, dy < height else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: x, y: y + dy, width: width, height: 1)
    }

    public var description: String { "Rect(x: \(x), y: \(y), width: \(width), height: \(height))" }
}
