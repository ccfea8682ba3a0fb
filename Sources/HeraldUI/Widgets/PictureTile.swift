import TerminalKit

/// Draws an `AttachmentPicture`: the picture's own cells (characters and colours from
/// libchafa), a dim "…" while it is decoded, or an error tile (a box naming the problem).
///
/// ```text
/// ╭──────────╮
/// │⚠ broken  │
/// │image     │
/// ╰──────────╯
/// ```
public struct PictureTile: Widget {
    public var picture: AttachmentPicture
    public var theme: Theme

    public init(picture: AttachmentPicture, theme: Theme = Theme()) {
        self.picture = picture
        self.theme = theme
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        switch picture {
        case .ready(let cells):
            for y in 0..<min(cells.area.height, area.height) {
                for x in 0..<min(cells.area.width, area.width) {
                    buffer.put(cells[cells.area.x + x, cells.area.y + y], x: area.x + x, y: area.y + y)
                }
            }
        case .loading:
            buffer.setString(x: area.x, y: area.y, "…", style: theme.dim, maxWidth: area.width)
        case .failed(let message, _, _):
            if area.width >= 6, area.height >= 3 {
                Block(title: "", titleStyle: theme.dim, borderStyle: theme.dim).render(in: area, into: &buffer)
                let inner = area.inset(dx: 1, dy: 1)
                for (i, line) in TextLayout.wrap("⚠ " + message, width: inner.width).prefix(inner.height).enumerated() {
                    buffer.setString(x: inner.x, y: inner.y + i, line, style: theme.dim, maxWidth: inner.width)
                }
            } else {
                buffer.setString(x: area.x, y: area.y, "⚠", style: theme.dim, maxWidth: area.width)
            }
        }
    }
}
