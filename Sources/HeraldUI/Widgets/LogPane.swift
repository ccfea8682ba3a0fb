import TerminalKit
/// The last lines of an application log (the demo shows its delegate calls here), newest at
/// the bottom, under a "Log" rule. Long lines wrap (a path is shown whole).
public struct LogPane: Widget {
    public var lines: [String]
    public var theme: Theme

    public init(lines: [String], theme: Theme = Theme()) {
        self.lines = lines
        self.theme = theme
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        buffer.setString(x: area.x, y: area.y, "─ Log " + String(repeating: "─", count: area.width), style: theme.border,
                         maxWidth: area.width)
        let rows = area.height - 1
        guard rows > 0, area.width > 1 else { return }
        var shown: [String] = []
        for line in lines.reversed() where shown.count < rows {
            // A line that fits stays as written (its spacing too); a longer one wraps.
            let parts = DisplayWidth.of(line) <= area.width - 1 ? [line] : TextLayout.wrap(line, width: area.width - 1)
            shown.insert(contentsOf: parts.suffix(rows - shown.count), at: 0)
        }
        for (i, line) in shown.enumerated() {
            buffer.setString(x: area.x + 1, y: area.y + 1 + i, line, style: theme.dim, maxWidth: area.width - 1)
        }
    }
}
