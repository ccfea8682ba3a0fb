import HeraldCore
import TerminalKit

/// An incoming notification drawn over the top of the screen: app name and time, title,
/// subtitle, a few wrapped lines of body, attachment names and the numbered action buttons.
/// "+N more" on its top edge counts the banners waiting; an alert (stays until acted on) has a
/// red border.
///
/// ```text
///        ╭ Messages · 14:05 ─────────────────────── +2 more ╮
///        │ Alice                                            │
///        │ Lunch at noon?                                   │
///        │ [1 Accept] [2 Decline] [3 Reply…]                │
///        ╰ Enter open · 1-3 actions · x dismiss ────────────╯
/// ```
public struct Banner: Widget {
    public var appName: String
    public var time: String
    public var content: VisibleContent
    public var attachmentNames: [String]
    public var actions: [ActionRecord]
    public var waiting: Int
    public var isAlert: Bool
    public var theme: Theme
    /// Body lines shown at most.
    public var maxBodyLines = 3
    /// A progress value (0–100) drawn as a bar under the body (desktop notifications' `value`).
    public var progress: Int?
    /// Bold, italic, underlined and linked runs of the body (desktop notifications' markup).
    public var bodyStyles: [BodyStyle] = []
    /// Whether the keys act on this banner (highlighted, its keys on its bottom edge).
    public var isFocused = true
    /// Whether other banners are on screen (the focused one then says `Tab` moves the keys).
    public var isStacked = false
    /// For a coalesced banner, how many notifications it stands for ("37 new from CI").
    public var coalescedCount: Int?
    /// The image attachment's thumbnail, at the left of the text (when the banner is wide enough).
    public var thumbnail: AttachmentPicture?

    public init(appName: String, time: String, content: VisibleContent, attachmentNames: [String] = [],
                actions: [ActionRecord] = [], waiting: Int = 0, isAlert: Bool = false, theme: Theme = Theme()) {
        self.appName = appName
        self.time = time
        self.content = content
        self.attachmentNames = attachmentNames
        self.actions = actions
        self.waiting = waiting
        self.isAlert = isAlert
        self.theme = theme
    }

    var buttons: ActionButtons { ActionButtons(actions: actions, theme: theme) }

    /// The thumbnail's box in cells: 12 × 4, on banners at least 50 columns wide.
    public static let thumbnailBox = (columns: 12, rows: 4)

    /// Columns the thumbnail takes from the text (its width and a gap), 0 without one.
    func thumbnailColumns(innerWidth: Int) -> Int {
        guard let thumbnail, !content.isHidden, innerWidth + 4 >= 50 else { return 0 }
        return min(Self.thumbnailBox.columns, thumbnail.size.columns) + 1
    }

    /// The lines inside the border, for an inner width.
    func contentLines(width: Int) -> [[Span]] {
        var lines: [[Span]] = []
        if let count = coalescedCount {
            lines.append([Span(TextLayout.truncate("\(count) new from \(TerminalText.sanitize(appName))", to: width), theme.warning)])
        }
        if !content.title.isEmpty { lines.append([Span(TextLayout.truncate(TerminalText.sanitize(content.title), to: width), theme.title)]) }
        if !content.subtitle.isEmpty { lines.append([Span(TextLayout.truncate(TerminalText.sanitize(content.subtitle), to: width), Style(attributes: .italic))]) }
        if !content.body.isEmpty && !bodyStyles.isEmpty && !content.isHidden {
            var body = StyledBody.wrap(content.body, styles: bodyStyles, width: width)
            if body.count > maxBodyLines {
                body = Array(body.prefix(maxBodyLines))
                body[maxBodyLines - 1].append(Span(" …"))
            }
            lines += body
        } else if !content.body.isEmpty {
            var body = TextLayout.wrap(content.body, width: width)
            if body.count > maxBodyLines {
                body = Array(body.prefix(maxBodyLines))
                body[maxBodyLines - 1] = TextLayout.truncate(body[maxBodyLines - 1] + " …", to: width)
            }
            lines += body.map { [Span($0)] }
        }
        if let progress, !content.isHidden { lines.append(ProgressBar(percent: progress).spans(width: width, theme: theme)) }
        if !attachmentNames.isEmpty && !content.isHidden {
            lines.append([Span(TextLayout.truncate("📎 " + attachmentNames.map { TerminalText.sanitize($0) }.joined(separator: ", "), to: width), theme.dim)])
        }
        if lines.isEmpty { lines.append([Span("Notification")]) }
        return lines
    }

    /// Where the banner goes on a screen: the top right (under the header row when there is room),
    /// the full width on narrow screens; `top` puts it lower (under another banner).
    public func frame(in screen: Rect, top: Int? = nil) -> Rect {
        let width = Self.width(in: screen)
        let top = top ?? (screen.height >= 16 ? screen.y + 1 : screen.y)
        let x = screen.width >= 60 ? screen.maxX - width - 1 : screen.x
        let available = max(3, screen.maxY - top - 1)   // keep the status row free
        return Rect(x: x, y: top, width: width, height: min(naturalHeight(in: screen), available))
    }

    /// The rows the banner takes when nothing cuts it short.
    public func naturalHeight(in screen: Rect) -> Int { naturalHeight(width: Self.width(in: screen)) }

    /// The rows the banner takes at `width` columns (a popup of its own) when nothing cuts it short.
    public func naturalHeight(width: Int) -> Int {
        let inner = width - 4
        let thumbnailColumns = thumbnailColumns(innerWidth: inner)
        let textRows = contentLines(width: inner - thumbnailColumns).count
        let thumbnailRows = thumbnailColumns > 0 ? min(Self.thumbnailBox.rows, thumbnail?.size.rows ?? 0) : 0
        return 2 + max(textRows, thumbnailRows) + (actions.isEmpty ? 0 : buttons.height(width: inner))
    }

    /// The widest a banner gets: a notification is read at a glance, and lines longer than
    /// this are hard to read (at 200 columns two thirds would be 133).
    public static let maxWidth = 80

    /// Two thirds of the screen, from 56 up to `maxWidth` columns; the full width under 60.
    static func width(in screen: Rect) -> Int {
        screen.width >= 60 ? min(screen.width - 2, max(56, min(maxWidth, screen.width * 2 / 3))) : screen.width
    }

    /// The rects of the action buttons (for mouse clicks) when drawn in `frame`.
    public func buttonRects(in frame: Rect) -> [Rect] {
        var scratch = Buffer(area: frame)
        return renderReturningButtons(in: frame, into: &scratch)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        _ = renderReturningButtons(in: area, into: &buffer)
    }

    /// The keys on the bottom edge of the focused banner: only those it takes (no action
    /// numbers on a banner without buttons).
    func footer(width: Int) -> String {
        guard isFocused, width >= 50 else { return "" }
        if coalescedCount != nil { return "Enter show them · x close" + (isStacked ? " · Tab next" : "") }
        var keys = ["Enter open"]
        let count = min(9, actions.count)
        let word = isStacked ? "act" : count == 1 ? "action" : "actions"
        if count == 1 { keys.append("1 \(word)") } else if count > 1 { keys.append("1-\(count) \(word)") }
        keys.append("x " + (isAlert ? "close" : "dismiss"))
        if isStacked { keys.append("Tab next") }
        return keys.joined(separator: " · ")
    }

    func renderReturningButtons(in area: Rect, into buffer: inout Buffer) -> [Rect] {
        guard area.width >= 6, area.height >= 3 else { return [] }
        let block = Block(title: (isFocused && isStacked ? "▶ " : "") + "\(appName) · \(time)",
                          titleStyle: theme.appName.patched(with: Style(attributes: .bold)),
                          borderStyle: !isFocused ? theme.border : isAlert ? theme.alertBorder : theme.bannerBorder,
                          topRight: waiting > 0 ? "+\(waiting) more" : "", footer: footer(width: area.width))
        block.render(in: area, into: &buffer)
        let inner = area.inset(dx: 2, dy: 1)
        let thumbnailColumns = thumbnailColumns(innerWidth: inner.width)
        var thumbnailRows = 0
        if thumbnailColumns > 0, let thumbnail {
            thumbnailRows = min(Self.thumbnailBox.rows, thumbnail.size.rows, inner.height)
            PictureTile(picture: thumbnail, theme: theme)
                .render(in: Rect(x: inner.x, y: inner.y, width: thumbnailColumns - 1, height: thumbnailRows), into: &buffer)
        }
        let lines = contentLines(width: inner.width - thumbnailColumns)
        var y = inner.y
        for line in lines where y < inner.maxY {
            buffer.setSpans(x: inner.x + thumbnailColumns, y: y, line, maxWidth: inner.width - thumbnailColumns)
            y += 1
        }
        y = max(y, inner.y + thumbnailRows)
        guard !actions.isEmpty, y < inner.maxY else { return [] }
        return buttons.render(in: Rect(x: inner.x, y: y, width: inner.width, height: inner.maxY - y), into: &buffer)
    }
}
