/// A terminal colour: the terminal's own default or one of the eight ANSI colours.
///
/// Only the eight basic colours are used so that every terminal (and `NO_COLOR`) can cope.
///
/// ```swift
/// let warning = Style(foreground: .red)
/// ```
public enum Color: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The terminal's default colour (`use_default_colors`).
    case `default` = -1
    case black = 0
    case red = 1
    case green = 2
    case yellow = 3
    case blue = 4
    case magenta = 5
    case cyan = 6
    case white = 7

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
        }
    }
}
