import CNCurses
import TerminalKit

/// Colour pairs allocated on first use (a terminal may have as few as 64), keyed by
/// foreground and background.
struct ColorPairs {
    private var pairs: [Int: Int16] = [:]
    private var next: Int16 = 1
    let enabled: Bool
    let defaultColors: Bool

    init(enabled: Bool, defaultColors: Bool) {
        self.enabled = enabled
        self.defaultColors = defaultColors
    }

    static func curses(_ color: Color, isBackground: Bool, defaultColors: Bool) -> Int16 {
        switch color {
        case .default: return defaultColors ? -1 : (isBackground ? herald_color_black() : herald_color_white())
        case .black: return herald_color_black()
        case .red: return herald_color_red()
        case .green: return herald_color_green()
        case .yellow: return herald_color_yellow()
        case .blue: return herald_color_blue()
        case .magenta: return herald_color_magenta()
        case .cyan: return herald_color_cyan()
        case .white: return herald_color_white()
        }
    }

    /// The pair for a style's colours (0, the terminal default, when colours are off or all default).
    mutating func pair(for style: Style) -> Int16 {
        guard enabled, style.foreground != .default || style.background != .default else { return 0 }
        let key = (style.foreground.rawValue + 1) * 16 + style.background.rawValue + 1
        if let pair = pairs[key] { return pair }
        guard Int32(next) < herald_color_pairs() else { return 0 }
        let pair = next
        init_pair(pair, Self.curses(style.foreground, isBackground: false, defaultColors: defaultColors),
                  Self.curses(style.background, isBackground: true, defaultColors: defaultColors))
        pairs[key] = pair
        next += 1
        return pair
    }
}
