import TerminalKit
/// The history list, one notification (or collapsed group) per row:
///
/// ```text
/// ● 14:05 Messages  Alice — Lunch at noon?                  📎 +3 more
///   13:58 Calendar  Standup — in 5 minutes
/// ```
///
/// `●` marks unread rows, `📎` rows with attachments; a collapsed group ends with "+N more" or
/// the category's summary. A row that has left the notification list (expired, answered,
/// dismissed, removed by its app: history only) is drawn dim. The selected row is drawn
/// reversed when the list has the focus.
public struct NotificationList: Widget {
    public struct Item: Sendable, Hashable {
        public var time: String
        public var app: String
        public var title: String
        public var body: String
        public var hasAttachment: Bool
        public var isUnread: Bool
        /// "+3 more" or the category summary, for a collapsed group.
        public var more: String?
        /// Indented member of an expanded group.
        public var isGroupMember: Bool
        /// No longer in the notification list, only in history (drawn dim).
        public var hasLeftList = false
        public init(time: String, app: String, title: String, body: String, hasAttachment: Bool = false,
                    isUnread: Bool = false, more: String? = nil, isGroupMember: Bool = false) {
            self.time = time
            self.app = app
            self.title = title
            self.body = body
            self.hasAttachment = hasAttachment
            self.isUnread = isUnread
            self.more = more
            self.isGroupMember = isGroupMember
        }
    }

    public var items: [Item]
    public var selected: Int?
    public var scroll: Int
    public var isFocused: Bool
    public var emptyText: String
    public var theme: Theme

    public init(items: [Item], selected: Int?, scroll: Int = 0, isFocused: Bool = true,
                emptyText: String = "No notifications", theme: Theme = Theme()) {
        self.items = items
        self.selected = selected
        self.scroll = scroll
        self.isFocused = isFocused
        self.emptyText = emptyText
        self.theme = theme
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        if items.isEmpty {
            buffer.setString(x: area.x + 2, y: area.y, emptyText, style: theme.dim, maxWidth: area.width - 2)
            return
        }
        let appWidth = area.width >= 60 ? 10 : (area.width >= 40 ? 8 : 0)
        for (offset, item) in items.dropFirst(scroll).prefix(area.height).enumerated() {
            let y = area.y + offset
            var x = area.x
            let limit = area.maxX
            func put(_ text: String, _ style: Style, _ width: Int? = nil) {
                guard x < limit else { return }
                x += buffer.setString(x: x, y: y, text, style: style, maxWidth: min(width ?? Int.max, limit - x))
            }
            put(item.isUnread ? "●" : " ", theme.unread)
            put(item.isGroupMember ? "  └" : " ", theme.dim)
            put(item.time, theme.dim)
            put(" ", .plain)
            if appWidth > 0 {
                put(TextLayout.pad(item.app, to: appWidth), item.hasLeftList ? theme.dim : theme.appName, appWidth)
                put(" ", .plain)
            }
            // The right end: attachment marker and group count.
            var tail = ""
            if item.hasAttachment { tail += "📎" }
            if let more = item.more { tail += (tail.isEmpty ? "" : " ") + more }
            let tailWidth = min(DisplayWidth.of(tail), max(0, (limit - x) / 2))
            let textRoom = max(0, limit - x - (tailWidth > 0 ? tailWidth + 1 : 0))
            let title = item.title.isEmpty ? item.app : item.title
            let titleText = TextLayout.truncate(TerminalText.sanitize(title), to: textRoom)
            let titleStyle = item.hasLeftList ? theme.dim : item.isUnread ? theme.title : .plain
            x += buffer.setString(x: x, y: y, titleText, style: titleStyle, maxWidth: textRoom)
            let bodyRoom = area.x + (limit - area.x) - x - (tailWidth > 0 ? tailWidth + 1 : 0)
            if !item.body.isEmpty && bodyRoom > 3 {
                let body = TextLayout.truncate(" — " + TextLayout.firstLine(item.body), to: bodyRoom)
                x += buffer.setString(x: x, y: y, body, style: theme.dim, maxWidth: bodyRoom)
            }
            if tailWidth > 0 {
                buffer.setString(x: limit - tailWidth, y: y, TextLayout.truncate(tail, to: tailWidth), style: theme.dim,
                                 maxWidth: tailWidth)
            }
            if scroll + offset == selected {
                buffer.setStyle(Rect(x: area.x, y: y, width: area.width, height: 1),
                                isFocused ? theme.selection : Style(attributes: .underline))
            }
        }
    }
}
