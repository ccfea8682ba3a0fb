/// How a cell looks: foreground and background colour plus attributes.
///
/// ```swift
/// var style = Style(foreground: .red, attributes: .bold)
/// style = style.patched(with: Style(attributes: .reverse))   // red, bold and reverse
/// ```
public struct Style: Sendable, Hashable, CustomStringConvertible {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `other`'s non-default colours and all of its attributes added.
    public func patched(with other: Style) -> Style {
        Style(foreground: other.foreground == .default ? foreground : other.foreground,
              background: other.background == .default ? background : other.background,
              attributes: attributes.union(other.attributes))
    }

    /// The same style with the colours removed (for `NO_COLOR`).
    public var withoutColors: Style { Style(attributes: attributes) }

    public var description: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        if !attributes.isEmpty { parts.append(attributes.description) }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
