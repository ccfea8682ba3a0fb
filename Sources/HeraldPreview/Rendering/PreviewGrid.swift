/// A picture as terminal cells: one character and two colours per cell, row by row.
///
/// ```swift
/// let grid = try AttachmentPreviewer.render(path: path, request: PreviewRequest(columns: 20, rows: 8, mode: .indexed256))
/// grid[0, 0].character   // "▀"
/// ```
public struct PreviewGrid: Sendable, Hashable {
    public var columns: Int
    public var rows: Int
    public var cells: [PreviewCell]

    public init(columns: Int, rows: Int, cells: [PreviewCell]) {
        precondition(cells.count == columns * rows, "PreviewGrid: cells must hold columns × rows entries")
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    public subscript(x: Int, y: Int) -> PreviewCell { cells[y * columns + x] }

    /// The characters, one string per row (what a golden test compares).
    public var lines: [String] {
        (0..<rows).map { y in String(String.UnicodeScalarView(cells[y * columns..<(y + 1) * columns].map(\.character))) }
    }
}

/// One cell of a picture.
public struct PreviewCell: Sendable, Hashable {
    public var character: Unicode.Scalar
    public var foreground: PreviewColor
    public var background: PreviewColor

    public init(character: Unicode.Scalar, foreground: PreviewColor, background: PreviewColor) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}

/// A colour of a picture cell, in the form the colour mode asked for.
public enum PreviewColor: Sendable, Hashable, CustomStringConvertible {
    /// The terminal's own colour (monochrome mode, or a transparent pixel).
    case `default`
    /// A palette entry: 0–7 or 0–15 for the ANSI colours, up to 255 for the xterm palette.
    case indexed(UInt8)
    /// 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    public var description: String {
        switch self {
        case .default: return "-"
        case .indexed(let index): return "\(index)"
        case .rgb(let r, let g, let b):
            let hex = String((Int(r) << 16 | Int(g) << 8 | Int(b)) | 0x1000000, radix: 16).dropFirst()
            return "#\(hex)"
        }
    }
}
