import TerminalKit
/// The styles the widgets use. With colours off (`NO_COLOR`) every style keeps only its
/// attributes and destructive actions are underlined instead of red.
public struct Theme: Sendable, Hashable {
    public var colors: Bool
    public var palette: Palette

    /// The colours a user may choose (the configuration file's `[theme]`).
    public struct Palette: Sendable, Hashable {
        /// Header, focused borders and key names.
        public var accent: Color = .cyan
        /// Banner borders.
        public var banner: Color = .magenta
        /// Borders of alerts (banners that stay until acted on).
        public var alert: Color = .red
        /// The unread marks and counts.
        public var unread: Color = .cyan
        /// App names.
        public var app: Color = .yellow
        public init() {}
    }

    public init(colors: Bool = true, palette: Palette = Palette()) {
        self.colors = colors
        self.palette = palette
    }

    private func c(_ fg: Color, _ attrs: TextAttributes = [], bg: Color = .default) -> Style {
        colors ? Style(foreground: fg, background: bg, attributes: attrs) : Style(attributes: attrs)
    }

    public var header: Style { colors ? Style(foreground: .black, background: palette.accent, attributes: .bold) : Style(attributes: [.reverse, .bold]) }
    public var headerAccent: Style { colors ? Style(foreground: .black, background: palette.accent) : Style(attributes: .reverse) }
    public var status: Style { colors ? Style(foreground: .black, background: .white) : Style(attributes: .reverse) }
    public var statusKey: Style { status.patched(with: Style(attributes: .bold)) }
    public var statusError: Style { colors ? Style(foreground: .white, background: .red, attributes: .bold) : Style(attributes: [.reverse, .bold]) }
    public var title: Style { Style(attributes: .bold) }
    public var dim: Style { Style(attributes: .dim) }
    public var border: Style { c(.blue) }
    public var focusedBorder: Style { c(palette.accent, .bold) }
    public var selection: Style { Style(attributes: .reverse) }
    public var unread: Style { c(palette.unread, .bold) }
    public var appName: Style { c(palette.app) }
    public var badge: Style { c(.red, .bold) }
    public var button: Style { Style(attributes: .bold) }
    public var selectedButton: Style { Style(attributes: [.reverse, .bold]) }
    public var destructive: Style { colors ? Style(foreground: .red, attributes: .bold) : Style(attributes: [.bold, .underline]) }
    public var warning: Style { c(.yellow, .bold) }
    public var key: Style { c(palette.accent, .bold) }
    public var bannerBorder: Style { c(palette.banner, .bold) }
    public var alertBorder: Style { c(palette.alert, .bold) }
    public var json: Style { c(.green) }
}
