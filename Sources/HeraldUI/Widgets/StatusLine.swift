import TerminalKit
/// The bottom row: the keys that apply right now (`Enter open  1-9 act  …`), or a message.
public struct StatusLine: Widget {
    public var hints: [(key: String, action: String)]
    public var message: StatusMessage?
    public var theme: Theme

    public init(hints: [(key: String, action: String)], message: StatusMessage? = nil, theme: Theme = Theme()) {
        self.hints = hints
        self.message = message
        self.theme = theme
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if let message {
            let style = message.isError ? theme.statusError : theme.status
            buffer.fill(area, with: Cell(symbol: " ", width: 1, style: style))
            buffer.setString(x: area.x + 1, y: area.y, message.text, style: style, maxWidth: area.width - 1)
            return
        }
        buffer.fill(area, with: Cell(symbol: " ", width: 1, style: theme.status))
        var x = area.x + 1
        for hint in hints {
            let w = DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action)
            if x + w > area.maxX { break }
            x += buffer.setString(x: x, y: area.y, hint.key, style: theme.statusKey)
            x += buffer.setString(x: x, y: area.y, " " + hint.action + "  ", style: theme.status, maxWidth: area.maxX - x)
        }
    }
}
