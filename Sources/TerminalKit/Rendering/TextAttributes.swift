/// Text attributes of a cell (bold, dim, underline, reverse, …).
///
/// ```swift
/// let title = Style(attributes: [.bold, .underline])
/// ```
public struct TextAttributes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    public static let blink = TextAttributes(rawValue: 1 << 5)

    private static let names: [(TextAttributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
        (.reverse, "reverse"), (.blink, "blink"),
    ]

    public var description: String {
        let parts = Self.names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "plain" : parts.joined(separator: "+")
    }
}
