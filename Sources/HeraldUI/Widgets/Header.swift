import TerminalKit
/// The top row: "Herald", then the lock, mute and do-not-disturb states, the unread count and the
/// clock on the right. Lower-priority parts are left out when the row is narrow.
///
/// ```text
///  Herald                                   🔒 Locked  DND on  3 unread  14:05
/// ```
public struct Header: Widget {
    public var clock: String
    public var doNotDisturb: Bool
    public var unread: Int
    public var isLocked: Bool
    public var isMuted: Bool
    /// The center cannot be reached: "⚠ disconnected — reconnecting…" after the name, first
    /// of all.
    public var isDisconnected = false
    /// The Focus that is on and when it ends ("Work until 14:00"); shown instead of "DND on".
    public var focus: String?
    public var theme: Theme

    public init(clock: String, doNotDisturb: Bool, unread: Int, isLocked: Bool = false, isMuted: Bool = false,
                focus: String? = nil, theme: Theme = Theme()) {
        self.focus = focus
        self.clock = clock
        self.doNotDisturb = doNotDisturb
        self.unread = unread
        self.isLocked = isLocked
        self.isMuted = isMuted
        self.theme = theme
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area, with: Cell(symbol: " ", width: 1, style: theme.header))
        var used = buffer.setString(x: area.x + 1, y: area.y, "Herald", style: theme.header, maxWidth: area.width - 1) + 1
        if isDisconnected {
            let text = area.width >= 50 ? " ⚠ disconnected — reconnecting… " : " ⚠ disconnected "
            used += 1 + buffer.setString(x: area.x + used + 1, y: area.y, text, style: theme.statusError,
                                         maxWidth: area.width - used - 1)
        }
        // Parts from the right edge inwards, most important first.
        let quiet = focus.map { "◐ " + TerminalText.sanitize($0) } ?? (doNotDisturb ? "DND on" : "DND off")
        var parts: [String] = [clock, "\(unread) unread", quiet]
        if isLocked { parts.append("🔒 Locked") }
        if isMuted { parts.append("Muted") }
        var right = area.maxX - 1
        for part in parts {
            let w = DisplayWidth.of(part)
            if right - w < area.x + used + 1 { break }
            buffer.setString(x: right - w, y: area.y, part,
                             style: part.hasPrefix("DND on") || part.hasPrefix("◐") || part.hasPrefix("🔒") ? theme.header : theme.headerAccent)
            right -= w + 2
        }
    }
}
