/// A run of text in one style; a line is an array of spans.
///
/// ```swift
/// let line: [Span] = [Span("12:34 ", Style(attributes: .dim)), Span("Alice", Style(attributes: .bold))]
/// buffer.setSpans(x: 0, y: 0, line, maxWidth: 40)
/// ```
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Display columns of the text.
    public var width: Int { DisplayWidth.of(TerminalText.sanitize(text)) }
}

extension Buffer {
    /// Writes spans one after another from column `x`, at most `maxWidth` columns in all;
    /// returns the columns written.
    @discardableResult
    public mutating func setSpans(x: Int, y: Int, _ spans: [Span], maxWidth: Int) -> Int {
        var used = 0
        for span in spans where used < maxWidth {
            used += setString(x: x + used, y: y, span.text, style: span.style, maxWidth: maxWidth - used)
        }
        return used
    }
}
