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
    public var theme: Theme

    public init(clock: String, doNotDisturb: Bool, unread: Int, isLocked: Bool = false, isMuted: Bool = false,
                theme: Theme = Theme()) {
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
        let used = buffer.setString(x: area.x + 1, y: area.y, "Herald", style: theme.header, maxWidth: area.width - 1) + 1
        // Parts from the right edge inwards, most important first.
        var parts: [String] = [clock, "\(unread) unread", doNotDisturb ? "DND on" : "DND off"]
        if isLocked { parts.append("🔒 Locked") }
        if isMuted { parts.append("Muted") }
        var right = area.maxX - 1
        for part in parts {
            let w = DisplayWidth.of(part)
            if right - w < area.x + used + 1 { break }
            buffer.setString(x: right - w, y: area.y, part,
                             style: part.hasPrefix("DND on") || part.hasPrefix("🔒") ? theme.header : theme.headerAccent)
            right -= w + 2
        }
    }
}
