import Foundation
import HeraldCore
import HeraldPreview
import TerminalKit

/// Everything about one notification: app and date, title, subtitle, the whole body wrapped,
/// attachments (file name, type, size), `userInfo` as indented JSON and the action buttons.
/// A title rule on the first row separates it from the list. An image attachment's picture
/// (`picture`) sits at the right when the pane is wide and tall enough (`pictureBox(in:)`).
public struct DetailView: Widget {
    public var appName: String
    public var date: String
    public var content: VisibleContent
    public var attachments: [AttachmentRecord]
    public var userInfo: [String: JSONValue]
    public var actions: [ActionRecord]
    public var hasReply: Bool
    public var isUnread: Bool
    /// The body's links (text and URL), listed under it.
    public var links: [(text: String, url: String)]
    /// The sender can no longer be reached (a desktop notification's program left the bus).
    public var isSenderGone: Bool = false
    /// It has left the notification list (history only): the first line says so.
    public var hasLeftList = false
    /// Bold, italic, underlined and linked runs of the body (desktop notifications' markup).
    public var bodyStyles: [BodyStyle] = []
    public var theme: Theme
    /// The first image attachment's picture, drawn at the right of the text.
    public var picture: AttachmentPicture?
    /// Format and duration of sound and movie attachments, by path ("MP3 audio · 3:25").
    public var mediaSummaries: [String: String] = [:]

    public init(appName: String, date: String, content: VisibleContent, attachments: [AttachmentRecord] = [],
                userInfo: [String: JSONValue] = [:], actions: [ActionRecord] = [], hasReply: Bool = false,
                isUnread: Bool = false, links: [(text: String, url: String)] = [], theme: Theme = Theme()) {
        self.appName = appName
        self.date = date
        self.content = content
        self.attachments = attachments
        self.userInfo = userInfo
        self.actions = actions
        self.hasReply = hasReply
        self.isUnread = isUnread
        self.links = links
        self.theme = theme
    }

    /// `userInfo` as pretty-printed JSON with sorted keys.
    public static func json(_ userInfo: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(JSONValue.object(userInfo)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The lines to draw in `width` columns (before clipping to the height).
    public func lines(width: Int) -> [[Span]] {
        var out: [[Span]] = []
        var meta = "\(appName) · \(date)"
        if isUnread { meta += " · unread" }
        if hasLeftList { meta += " · left the list" }
        if content.isHidden { meta += " · preview hidden" }
        out.append([Span(TextLayout.truncate(meta, to: width), theme.appName)])
        if !content.title.isEmpty {
            out += TextLayout.wrap(content.title, width: width).map { [Span($0, theme.title)] }
        }
        if !content.subtitle.isEmpty {
            out += TextLayout.wrap(content.subtitle, width: width).map { [Span($0, Style(attributes: .italic))] }
        }
        if !content.body.isEmpty {
            out += content.isHidden ? TextLayout.wrap(content.body, width: width).map { [Span($0)] }
                : StyledBody.wrap(content.body, styles: bodyStyles, width: width)
        }
        if !links.isEmpty && !content.isHidden {
            for link in links {
                let text = TerminalText.sanitize(link.text) + " → " + TerminalText.sanitize(link.url)
                out += TextLayout.wrap(text, width: width).map { [Span($0, theme.dim)] }
            }
        }
        if isSenderGone {
            out.append([])
            out += TextLayout.wrap("The sender has quit: actions and replies no longer reach it.", width: width)
                .map { [Span($0, theme.dim)] }
        }
        if !actions.isEmpty {
            let buttons = ActionButtons(actions: actions, theme: theme)
            let places = buttons.layout(width: width)
            var rows: [[Span]] = Array(repeating: [], count: (places.last?.row ?? 0) + 1)
            var columns = Array(repeating: 0, count: rows.count)
            for (i, place) in places.enumerated() {
                let gap = place.x - columns[place.row]
                if gap > 0 { rows[place.row].append(Span(String(repeating: " ", count: gap))) }
                rows[place.row].append(Span(ActionButtons.label(i + 1, actions[i]), buttons.style(actions[i])))
                columns[place.row] = place.x + place.width
            }
            out.append([])
            out += rows
        }
        if !content.isHidden {
            if !attachments.isEmpty {
                out.append([])
                out.append([Span("Attachments", theme.title)])
                for attachment in attachments {
                    out.append([Span("📎 "), Span(attachment.fileName, .plain),
                                Span("  \(mediaSummaries[attachment.path] ?? MediaInfo.formatName(of: attachment.type))  "
                                     + TimeFormat.byteCount(attachment.size), theme.dim)])
                }
            }
            if !userInfo.isEmpty {
                out.append([])
                out.append([Span("userInfo", theme.title)])
                for line in Self.json(userInfo).split(separator: "\n", omittingEmptySubsequences: false) {
                    out.append([Span(String(line), theme.json)])
                }
            }
        }
        return out
    }

    /// The text area inside the pane (below the title rule, one column of margin each side).
    static func inner(of area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: area.height - 1)
    }

    /// The largest picture the pane at `area` shows (two fifths of its width, at most 40
    /// columns, its full height), or `nil` when the pane is too small for one.
    public static func pictureBox(in area: Rect) -> (columns: Int, rows: Int)? {
        let inner = inner(of: area)
        guard inner.width >= 40, inner.height >= 4 else { return nil }
        return (min(40, inner.width * 2 / 5), inner.height)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let rule = "─ Details " + String(repeating: "─", count: max(0, area.width))
        buffer.setString(x: area.x, y: area.y, rule, style: theme.border, maxWidth: area.width)
        var inner = Self.inner(of: area)
        if let picture, !content.isHidden, let box = Self.pictureBox(in: area) {
            let size = picture.size
            let columns = min(box.columns, size.columns)
            PictureTile(picture: picture, theme: theme)
                .render(in: Rect(x: inner.maxX - columns, y: inner.y, width: columns, height: min(box.rows, size.rows)),
                        into: &buffer)
            inner.width -= columns + 1
        }
        for (i, line) in lines(width: inner.width).prefix(inner.height).enumerated() {
            buffer.setSpans(x: inner.x, y: inner.y + i, line, maxWidth: inner.width)
        }
    }
}
