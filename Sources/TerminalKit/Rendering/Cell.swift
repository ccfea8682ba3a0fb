/// One character position on the screen: a grapheme, its display width and its style.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds the grapheme with
/// `width == 2`, the one to its right is a *continuation* cell (`symbol == ""`, `width == 0`)
/// that the backend never draws.
///
/// ```swift
/// let cell = Cell("界", style: Style(attributes: .bold))   // width 2
/// ```
public struct Cell: Sendable, Hashable {
    /// The grapheme drawn here; `""` for the right half of a wide grapheme.
    public var symbol: String
    /// Display columns: 1, 2, or 0 for a continuation cell.
    public var width: Int
    public var style: Style

    /// A cell holding `symbol`, whose width is measured with `DisplayWidth`.
    public init(_ symbol: String, style: Style = .plain) {
        self.symbol = symbol
        self.width = max(1, DisplayWidth.of(symbol))
        self.style = style
    }

    /// A cell whose width the caller already knows (the symbol is trusted as drawn).
    public init(symbol: String, width: Int, style: Style) {
        self.symbol = symbol
        self.width = width
        self.style = style
    }

    /// A blank cell (a space in the default style).
    public static let blank = Cell(symbol: " ", width: 1, style: .plain)

    /// The right half of a wide grapheme.
    public static func continuation(style: Style) -> Cell { Cell(symbol: "", width: 0, style: style) }

    /// Whether this is the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
