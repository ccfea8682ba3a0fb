import HeraldCore
import TerminalKit

/// The Focus screen: each mode with what it allows and its schedule, the one that is on marked.
///
/// ```text
/// ╭ Focus — Work until 14:00 ────────────────────╮
/// │ ● Do Not Disturb  nobody · time-sensitive      │
/// │▸◉ Work            Chat · weekdays 09:00–17:30  │
/// │ Summary at 08:00, 18:00 · 2 waiting            │
/// ╰ ↑↓ move · Enter on/off · Esc close ───────────╯
/// ```
public struct FocusPanel: Widget {
    public var overview: FocusOverview?
    /// "Work until 14:00", when a Focus is on.
    public var activeText: String?
    public var selectedRow: Int
    public var theme: Theme

    public init(overview: FocusOverview?, activeText: String?, selectedRow: Int, theme: Theme = Theme()) {
        self.overview = overview
        self.activeText = activeText
        self.selectedRow = selectedRow
        self.theme = theme
    }

    var modes: [FocusMode] { overview?.modes ?? [] }

    public func frame(in screen: Rect) -> Rect {
        screen.centered(width: min(screen.width, 64), height: min(screen.height, modes.count + 4))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        let box = frame(in: area)
        let title = "Focus — " + TerminalText.sanitize(activeText ?? "off")
        Block(title: title, borderStyle: theme.focusedBorder, footer: "↑↓ move · Enter on/off · Esc close")
            .render(in: box, into: &buffer)
        let inner = box.inset(dx: 1, dy: 1)
        guard inner.height > 0 else { return }
        guard let overview else {
            buffer.setString(x: inner.x + 1, y: inner.y, "Loading…", style: theme.dim, maxWidth: inner.width - 1)
            return
        }
        let nameWidth = min(18, (modes.map { DisplayWidth.of($0.name) }.max() ?? 0) + 1)
        for (index, mode) in modes.enumerated() where index < inner.height - 2 {
            let y = inner.y + index
            let isOn = overview.active.map { mode.isNamed($0.name) } ?? false
            let selected = index == selectedRow
            buffer.setString(x: inner.x, y: y, selected ? "▸" : " ", style: theme.key)
            buffer.setString(x: inner.x + 1, y: y, isOn ? "◉" : "○", style: isOn ? theme.title : theme.dim)
            buffer.setString(x: inner.x + 3, y: y, TerminalText.sanitize(mode.name), style: isOn ? theme.title : Style(),
                             maxWidth: nameWidth)
            var details = [mode.allowedApps.isEmpty ? "nobody" : mode.allowedApps.map { TerminalText.sanitize($0) }
                .joined(separator: ", ")]
            details.append(mode.allowsTimeSensitive ? "time-sensitive" : "no time-sensitive")
            if let schedule = mode.schedule { details.append(schedule.summary) }
            let x = inner.x + 4 + nameWidth
            buffer.setString(x: x, y: y, details.joined(separator: " · "), style: theme.dim, maxWidth: max(0, inner.maxX - x))
            if selected { buffer.setStyle(Rect(x: inner.x, y: y, width: inner.width, height: 1), theme.selection) }
        }
        let times = overview.summaryTimes.map(\.description).joined(separator: ", ")
        var summary = "Scheduled summary at \(times)"
        if overview.collectedCount > 0 { summary += " · \(overview.collectedCount) waiting" }
        if overview.heldCount > 0 { summary += " · \(overview.heldCount) held now" }
        buffer.setString(x: inner.x + 1, y: inner.maxY - 1, summary, style: theme.dim, maxWidth: inner.width - 1)
    }
}
