/// A terminal colour: the terminal's own default, one of the eight ANSI colours, a palette
/// entry, or 24-bit colour.
///
/// The UI's own chrome uses only the eight basic colours so that every terminal (and
/// `NO_COLOR`) can cope; pictures (attachment previews) use palette entries or 24-bit colour
/// when the terminal has them, and the backend draws the nearest colour it can otherwise.
///
/// ```swift
/// let warning = Style(foreground: .red)
/// let sky = Style(background: .rgb(0x87, 0xce, 0xeb))
/// ```
public enum Color: Sendable, Hashable, CustomStringConvertible {
    /// The terminal's default colour (`use_default_colors`).
    case `default`
    case black
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
    case white
    /// Entry of the terminal's palette: 0–15 the ANSI colours, 16–255 the xterm 6×6×6 cube and greys.
    case indexed(UInt8)
    /// 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The eight basic colours, in ANSI order.
    public static let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

    public var description: String {
        switch self {
        case .default: return "default"
        case .black: return "black"
        case .red: return "red"
        case .green: return "green"
        case .yellow: return "yellow"
        case .blue: return "blue"
        case .magenta: return "magenta"
        case .cyan: return "cyan"
        case .white: return "white"
        case .indexed(let index): return "color\(index)"
        case .rgb(let r, let g, let b):
            return "#" + String((Int(r) << 16 | Int(g) << 8 | Int(b)) | 0x1000000, radix: 16).dropFirst()
        }
    }
}
