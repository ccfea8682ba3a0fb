import TerminalKit
/// A yes/no question in a small box: "Clear all history? [y] Yes  [n] No".
public struct ConfirmDialog: Widget {
    public var message: String
    public var theme: Theme

    public init(message: String, theme: Theme = Theme()) {
        self.message = message
        self.theme = theme
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        let width = min(area.width, 50)
        let text = TextLayout.wrap(message, width: max(1, width - 4))
        let box = area.centered(width: width, height: text.count + 4)
        Block(title: "Confirm", borderStyle: theme.alertBorder).render(in: box, into: &buffer)
        let inner = box.inset(dx: 2, dy: 1)
        for (i, line) in text.prefix(max(0, inner.height - 1)).enumerated() {
            buffer.setString(x: inner.x, y: inner.y + i, line, style: theme.title, maxWidth: inner.width)
        }
        buffer.setSpans(x: inner.x, y: inner.maxY - 1, [Span("[y] Yes", theme.destructive), Span("   "), Span("[n] No", theme.button)],
                        maxWidth: inner.width)
    }
}
