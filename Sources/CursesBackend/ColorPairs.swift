import CNCurses
import TerminalKit

/// Colour pairs allocated on first use, keyed by foreground and background. Palette entries
/// and 24-bit colours (pictures) become the terminal's own colour numbers: direct colour on a
/// terminfo entry with 2^24 colours, else the nearest of its 256, 16 or 8. When the terminal's
/// pairs run out, further colours fall back to the nearest basic colours' pairs.
struct ColorPairs {
    private struct Key: Hashable {
        var foreground: Color
        var background: Color
    }

    private var pairs: [Key: Int32] = [:]
    private var next: Int32 = 1
    let enabled: Bool
    let defaultColors: Bool
    /// The terminal's colour count (terminfo `colors`).
    let colors: Int
    /// Whether colour numbers are 24-bit RGB values (`xterm-direct`).
    var isDirect: Bool { colors >= 1 << 24 }

    init(enabled: Bool, defaultColors: Bool, colors: Int) {
        self.enabled = enabled
        self.defaultColors = defaultColors
        self.colors = colors
    }

    func curses(_ color: Color, isBackground: Bool) -> Int32 {
        switch color {
        case .default: return defaultColors ? -1 : Int32(isBackground ? herald_color_black() : herald_color_white())
        case .black: return Int32(herald_color_black())
        case .red: return Int32(herald_color_red())
        case .green: return Int32(herald_color_green())
        case .yellow: return Int32(herald_color_yellow())
        case .blue: return Int32(herald_color_blue())
        case .magenta: return Int32(herald_color_magenta())
        case .cyan: return Int32(herald_color_cyan())
        case .white: return Int32(herald_color_white())
        case .indexed(let index) where isDirect:
            let rgb = Color.xtermRGB(Int(index))
            return Int32(rgb.0 << 16 | rgb.1 << 8 | rgb.2)
        case .rgb(let r, let g, let b) where isDirect:
            return Int32(Int(r) << 16 | Int(g) << 8 | Int(b))
        case .indexed, .rgb:
            return Int32(color.paletteIndex(colors: colors) ?? -1)
        }
    }

    /// The pair for a style's colours (0, the terminal default, when colours are off or all default).
    mutating func pair(for style: Style) -> Int32 {
        guard enabled, style.foreground != .default || style.background != .default else { return 0 }
        let key = Key(foreground: style.foreground, background: style.background)
        if let pair = pairs[key] { return pair }
        guard next < herald_color_pairs() else {
            let nearest = Key(foreground: basic(style.foreground), background: basic(style.background))
            return nearest == key ? 0 : pair(for: Style(foreground: nearest.foreground, background: nearest.background))
        }
        let pair = next
        _ = herald_init_pair(pair, curses(style.foreground, isBackground: false), curses(style.background, isBackground: true))
        pairs[key] = pair
        next += 1
        return pair
    }

    /// The nearest basic colour (for when pairs run out).
    private func basic(_ color: Color) -> Color {
        color.paletteIndex(colors: 8).map { Color.basic[$0] } ?? .default
    }
}
