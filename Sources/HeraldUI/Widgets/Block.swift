import TerminalKit
/// A rounded border with an optional title on the top edge and a note on the bottom edge.
/// `inner(of:)` is the area left inside.
///
/// ```swift
/// Block(title: "Settings").render(in: area, into: &buffer)
/// ```
public struct Block: Widget {
    public var title: String
    public var titleStyle: Style
    public var borderStyle: Style
    /// Right-aligned text on the top edge ("+2 more").
    public var topRight: String
    /// Text on the bottom edge (key hints).
    public var footer: String

    public init(title: String = "", titleStyle: Style = Style(attributes: .bold), borderStyle: Style = .plain,
                topRight: String = "", footer: String = "") {
        self.title = title
        self.titleStyle = titleStyle
        self.borderStyle = borderStyle
        self.topRight = topRight
        self.footer = footer
    }

    public func inner(of area: Rect) -> Rect { area.inset(dx: 1, dy: 1) }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard area.width >= 2, area.height >= 2 else { return }
        buffer.fill(area)
        let horizontal = String(repeating: "─", count: area.width - 2)
        buffer.setString(x: area.x, y: area.y, "╭" + horizontal + "╮", style: borderStyle)
        buffer.setString(x: area.x, y: area.maxY - 1, "╰" + horizontal + "╯", style: borderStyle)
        for y in area.y + 1..<area.maxY - 1 {
            buffer.setString(x: area.x, y: y, "│", style: borderStyle)
            buffer.setString(x: area.maxX - 1, y: y, "│", style: borderStyle)
        }
        let room = area.width - 4
        var titleWidth = 0
        if !title.isEmpty, room > 2 {
            titleWidth = buffer.setString(x: area.x + 2, y: area.y, " " + TextLayout.truncate(title, to: room - 2) + " ",
                                          style: titleStyle)
        }
        if !topRight.isEmpty {
            let text = " " + topRight + " "
            let w = DisplayWidth.of(text)
            if titleWidth + w + 1 <= room {
                buffer.setString(x: area.maxX - 2 - w, y: area.y, text, style: titleStyle)
            }
        }
        if !footer.isEmpty, room > 2 {
            buffer.setString(x: area.x + 2, y: area.maxY - 1, " " + TextLayout.truncate(footer, to: room - 2) + " ",
                             style: borderStyle)
        }
    }
}
