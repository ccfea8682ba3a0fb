import TerminalKit
/// The bottom row: the keys that apply right now (`Enter open  1-3 actions  …`), or a message.
/// The `?` hint is never crowded out: when the hints do not all fit, it goes at the right end
/// and the others fill what is left. A message too long for the row (a file's path) wraps onto
/// rows above it, up to `maxMessageRows`, so it can be read and copied whole.
public struct StatusLine: Widget {
    public var hints: [(key: String, action: String)]
    public var message: StatusMessage?
    public var theme: Theme

    public init(hints: [(key: String, action: String)], message: StatusMessage? = nil, theme: Theme = Theme()) {
        self.hints = hints
        self.message = message
        self.theme = theme
    }

    /// The most rows a message takes.
    public static let maxMessageRows = 4

    /// The message's lines in `width` columns (one column of margin), at most `maxRows`; the
    /// last one ends in "…" when the message is longer still.
    func messageLines(width: Int, maxRows: Int = maxMessageRows) -> [String] {
        guard let message, width > 1 else { return [] }
        var lines = TextLayout.wrap(message.text, width: width - 1)
        if lines.count > maxRows {
            lines = Array(lines.prefix(maxRows))
            lines[maxRows - 1] = TextLayout.truncate(lines[maxRows - 1] + " …", to: width - 1)
        }
        return lines
    }

    /// The rows it takes at `width`: one, or the message's lines.
    public func height(width: Int, maxRows: Int = maxMessageRows) -> Int {
        max(1, messageLines(width: width, maxRows: maxRows).count)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if let message {
            let style = message.isError ? theme.statusError : theme.status
            buffer.fill(area, with: Cell(symbol: " ", width: 1, style: style))
            for (i, line) in messageLines(width: area.width, maxRows: area.height).enumerated() {
                buffer.setString(x: area.x + 1, y: area.y + i, line, style: style, maxWidth: area.width - 1)
            }
            return
        }
        buffer.fill(area, with: Cell(symbol: " ", width: 1, style: theme.status))
        var hints = self.hints
        var limit = area.maxX
        let allWidth = hints.reduce(0) { $0 + Self.width(of: $1) + 2 }
        if allWidth > area.width - 1, let help = hints.firstIndex(where: { $0.key == "?" }),
           Self.width(of: hints[help]) + 2 <= area.width {
            let pinned = hints.remove(at: help)
            limit = area.maxX - Self.width(of: pinned) - 1
            draw(pinned, x: limit, y: area.y, limit: area.maxX, into: &buffer)
            limit -= 2
        }
        var x = area.x + 1
        for hint in hints {
            if x + Self.width(of: hint) > limit { break }
            x = draw(hint, x: x, y: area.y, limit: limit, into: &buffer)
        }
    }

    static func width(of hint: (key: String, action: String)) -> Int {
        DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action)
    }

    /// Draws one hint from `x` (and the gap after it, up to `limit`); returns where the next starts.
    @discardableResult
    func draw(_ hint: (key: String, action: String), x: Int, y: Int, limit: Int, into buffer: inout Buffer) -> Int {
        var x = x
        x += buffer.setString(x: x, y: y, hint.key, style: theme.statusKey)
        x += buffer.setString(x: x, y: y, " " + hint.action + "  ", style: theme.status, maxWidth: limit - x)
        return x
    }
}
