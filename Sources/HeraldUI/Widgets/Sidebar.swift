import TerminalKit
/// The apps pane: "All" and every app with its badge, the selected one highlighted. A vertical
/// rule on its right edge separates it from the list.
///
/// ```text
///  Apps
/// ▸All           12│
///  Calendar        │
///  Messages    ③ 3 │
/// ```
public struct Sidebar: Widget {
    public struct Item: Sendable, Hashable {
        public var name: String
        public var badge: Int
        public var unread: Int
        public init(name: String, badge: Int = 0, unread: Int = 0) {
            self.name = name
            self.badge = badge
            self.unread = unread
        }
    }

    /// Row 0 is "All".
    public var items: [Item]
    public var selected: Int
    public var isFocused: Bool
    public var theme: Theme

    public init(items: [Item], selected: Int, isFocused: Bool, theme: Theme = Theme()) {
        self.items = items
        self.selected = selected
        self.isFocused = isFocused
        self.theme = theme
    }

    /// The first item shown, so that `selected` is visible in `rows` rows.
    public static func scroll(selected: Int, rows: Int) -> Int { max(0, selected - max(1, rows) + 1) }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard area.width >= 3, area.height >= 1 else { return }
        buffer.fill(area)
        let ruleX = area.maxX - 1
        for y in area.y..<area.maxY { buffer.setString(x: ruleX, y: y, "│", style: isFocused ? theme.focusedBorder : theme.border) }
        let width = area.width - 1
        buffer.setString(x: area.x + 1, y: area.y, "Apps", style: isFocused ? theme.focusedBorder : theme.title, maxWidth: width - 1)
        let rows = area.height - 1
        let first = Self.scroll(selected: selected, rows: rows)
        for (offset, item) in items.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let y = area.y + 1 + offset
            let isSelected = index == selected
            var badgeText = ""
            if item.badge > 0 { badgeText = "[\(item.badge)]" }
            if index == 0 && item.unread > 0 { badgeText = "\(item.unread)" }
            let marker = isSelected ? "▸" : " "
            let nameWidth = max(0, width - 1 - DisplayWidth.of(badgeText) - (badgeText.isEmpty ? 0 : 1))
            let nameStyle = item.unread > 0 && index > 0 ? theme.title : Style.plain
            buffer.setString(x: area.x, y: y, marker, style: theme.key)
            buffer.setString(x: area.x + 1, y: y, TextLayout.pad(item.name, to: nameWidth), style: nameStyle, maxWidth: nameWidth)
            if !badgeText.isEmpty {
                buffer.setString(x: area.x + width - DisplayWidth.of(badgeText), y: y, badgeText,
                                 style: index == 0 ? theme.unread : theme.badge)
            }
            if isSelected {
                buffer.setStyle(Rect(x: area.x, y: y, width: width, height: 1), isFocused ? theme.selection : Style(attributes: .bold))
            }
        }
    }
}
