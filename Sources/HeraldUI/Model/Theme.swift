import TerminalKit
/// The styles the widgets use. With colours off (`NO_COLOR`) every style keeps only its
/// attributes and destructive actions are underlined instead of red.
public struct Theme: Sendable, Hashable {
    public var colors: Bool

    public init(colors: Bool = true) { self.colors = colors }

    private func c(_ fg: Color, _ attrs: TextAttributes = [], bg: Color = .default) -> Style {
        colors ? Style(foreground: fg, background: bg, attributes: attrs) : Style(attributes: attrs)
    }

    public var header: Style { colors ? Style(foreground: .black, background: .cyan, attributes: .bold) : Style(attributes: [.reverse, .bold]) }
    public var headerAccent: Style { colors ? Style(foreground: .black, background: .cyan) : Style(attributes: .reverse) }
    public var status: Style { colors ? Style(foreground: .black, background: .white) : Style(attributes: .reverse) }
    public var statusKey: Style { status.patched(with: Style(attributes: .bold)) }
    public var statusError: Style { colors ? Style(foreground: .white, background: .red, attributes: .bold) : Style(attributes: [.reverse, .bold]) }
    public var title: Style { Style(attributes: .bold) }
    public var dim: Style { Style(attributes: .dim) }
    public var border: Style { c(.blue) }
    public var focusedBorder: Style { c(.cyan, .bold) }
    public var selection: Style { Style(attributes: .reverse) }
    public var unread: Style { c(.cyan, .bold) }
    public var appName: Style { c(.yellow) }
    public var badge: Style { c(.red, .bold) }
    public var button: Style { Style(attributes: .bold) }
    public var selectedButton: Style { Style(attributes: [.reverse, .bold]) }
    public var destructive: Style { colors ? Style(foreground: .red, attributes: .bold) : Style(attributes: [.bold, .underline]) }
    public var warning: Style { c(.yellow, .bold) }
    public var key: Style { c(.cyan, .bold) }
    public var bannerBorder: Style { c(.magenta, .bold) }
    public var alertBorder: Style { c(.red, .bold) }
    public var json: Style { c(.green) }
}
