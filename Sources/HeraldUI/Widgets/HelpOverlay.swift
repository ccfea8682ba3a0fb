import TerminalKit
/// Every key and command, in a box over the screen; on a screen too small for all of it, the
/// box shows `scroll` lines down and its footer says how to scroll.
public struct HelpOverlay: Widget {
    public var extraCommands: [String]
    public var theme: Theme
    /// Lines of help scrolled past the top of the box.
    public var scroll: Int

    public init(extraCommands: [String] = [], theme: Theme = Theme(), scroll: Int = 0) {
        self.extraCommands = extraCommands
        self.theme = theme
        self.scroll = scroll
    }

    /// (key, what it does) for every key.
    public static let keys: [(String, String)] = [
        ("Enter", "open (the default action)"),
        ("1–9", "the n-th action button"),
        ("r", "reply (text-input action)"),
        ("x", "dismiss"),
        ("Esc", "back out (never dismisses)"),
        ("j k ↑ ↓", "move; PgUp PgDn g G jump"),
        ("Tab", "switch apps / notifications"),
        ("Space", "expand or collapse a group"),
        ("/", "search history as you type"),
        ("c", "clear the badge you see"),
        ("d", "delete from history"),
        ("D", "clear all history (asks)"),
        ("s", "settings of the app"),
        (":", "command line"),
        ("?", "this help"),
        ("q", "quit"),
    ]

    /// The help text for an inner width: the keys in two columns when there is room.
    public func lines(width: Int) -> [[Span]] {
        let keyLines = Self.keys.map { [Span(TextLayout.pad($0.0, to: 9), theme.key), Span($0.1)] }
        var out: [[Span]] = []
        if width >= 70 {
            let half = (keyLines.count + 1) / 2
            for i in 0..<half {
                var line = keyLines[i]
                let used = line.reduce(0) { $0 + $1.width }
                if i + half < keyLines.count {
                    line.append(Span(String(repeating: " ", count: max(1, width / 2 - used))))
                    line += keyLines[i + half]
                }
                out.append(line)
            }
        } else {
            out = keyLines
        }
        out.append([])
        out.append([Span("Commands", theme.title)])
        let commands = AppModel.builtInCommands + extraCommands.map(Self.splitCommand)
        let nameWidth = min(commands.map { DisplayWidth.of($0.0) + 2 }.max() ?? 0, max(8, width / 2))
        for (name, text) in commands { out += commandLines(name: name, text: text, nameWidth: nameWidth, width: width) }
        return out
    }

    /// A host's command help line ("invite NAME   what it does") as its name and its text: they
    /// are parted by the first run of two or more spaces (or " — ").
    static func splitCommand(_ line: String) -> (String, String) {
        for separator in ["  ", " — "] {
            if let range = line.range(of: separator) {
                return (String(line[..<range.lowerBound]),
                        line[range.upperBound...].trimmingCharacters(in: .whitespaces))
            }
        }
        return (line, "")
    }

    /// One command: its name in a column of `nameWidth`, its text wrapped beside it (or under
    /// it, indented, when the name is wider than the column) — never cut off.
    func commandLines(name: String, text: String, nameWidth: Int, width: Int) -> [[Span]] {
        let label = ":" + name
        let labelWidth = DisplayWidth.of(label)
        let indent = labelWidth < nameWidth ? nameWidth : min(4, nameWidth)
        let wrapped = TextLayout.wrap(text, width: max(8, width - indent))
        var lines: [[Span]] = []
        if labelWidth < nameWidth, let first = wrapped.first {
            lines.append([Span(TextLayout.pad(label, to: nameWidth), theme.key), Span(first)])
        } else {
            lines.append([Span(label, theme.key)])
            if let first = wrapped.first, !first.isEmpty { lines.append([Span(String(repeating: " ", count: indent) + first)]) }
        }
        for line in wrapped.dropFirst() { lines.append([Span(String(repeating: " ", count: indent) + line)]) }
        return lines
    }

    /// Where the help goes on a screen: its box, its lines, and how many of them show at once.
    public struct Placement {
        public var box: Rect
        public var content: [[Span]]
        public var visibleLines: Int
        /// Whether the help is longer than the box.
        public var isClipped: Bool { content.count > visibleLines }
        /// The furthest the help scrolls: its last line at the bottom of the box.
        public var maxScroll: Int { max(0, content.count - visibleLines) }
    }

    /// The help's box on `area` and its lines for that width (built once per call).
    public func placement(in area: Rect) -> Placement {
        let width = min(area.width, 78)
        let content = lines(width: width - 4)
        let box = area.centered(width: width, height: min(area.height, content.count + 2))
        return Placement(box: box, content: content, visibleLines: max(0, box.height - 2))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        let placement = placement(in: area)
        let (box, content, visible) = (placement.box, placement.content, placement.visibleLines)
        let top = min(max(0, scroll), placement.maxScroll)
        let footer: String
        if !placement.isClipped {
            footer = "any key closes"
        } else {
            let below = content.count - top - visible
            footer = below > 0 ? "↓ \(below) more · j k · Esc closes" : "j k scroll · Esc closes"
        }
        buffer.fill(box.withGutter(in: area))
        Block(title: "Help", borderStyle: theme.focusedBorder, footer: footer).render(in: box, into: &buffer)
        let inner = box.inset(dx: 2, dy: 1)
        for (i, line) in content.dropFirst(top).prefix(inner.height).enumerated() {
            buffer.setSpans(x: inner.x, y: inner.y + i, line, maxWidth: inner.width)
        }
    }
}
