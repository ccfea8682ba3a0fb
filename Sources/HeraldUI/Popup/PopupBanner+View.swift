import Foundation
import HeraldCore
import TerminalKit

/// How a popup looks: the UI's `Banner` filling the screen, and one row under it that says
/// where keys go — on to the pane until the user pauses, then the popup's own keys — or holds
/// the reply being typed.
///
/// ```text
/// ╭ Deploy · 14:05 ─────────────────────────────────────────╮
/// │ Deploy to production?                                   │
/// │ Build 1234 passed                                       │
/// │ [1 Approve] [2 Reject] [3 Comment…]                     │
/// ╰ Enter open · 1-3 actions · x dismiss ───────────────────╯
///  r reply · Esc close
/// ```
extension PopupBanner {
    /// The words under the banner while keys go on to the pane.
    public static let passingOnHint = "Typing goes on to your pane — pause to answer here"

    /// The banner widget at `now`.
    func banner(at now: Date, theme: Theme, timeZone: TimeZone) -> Banner {
        var widget = Banner(appName: appName, time: TimeFormat.clock(record.date, timeZone: timeZone), content: content,
                            attachmentNames: record.content.attachments.map(\.fileName), actions: actions,
                            isAlert: timeout == 0, theme: theme)
        widget.isFocused = takesKeys(at: now)
        widget.progress = record.content.traits?.progress
        widget.bodyStyles = record.content.traits?.bodyStyles ?? []
        return widget
    }

    /// The rows a popup `width` columns wide needs: the banner and the row under it.
    public func height(width: Int) -> Int {
        banner(at: shownAt, theme: Theme(), timeZone: .current).naturalHeight(width: width) + 1
    }

    /// The popup drawn into `buffer` (its whole area); returns where the cursor goes (while a
    /// reply is typed), else `nil`.
    @discardableResult
    public func render(into buffer: inout Buffer, at now: Date, theme: Theme,
                       timeZone: TimeZone = .current) -> (x: Int, y: Int)? {
        let area = buffer.area
        guard area.width > 0, area.height > 0 else { return nil }
        buffer.fill(area)
        let bannerArea = Rect(x: area.x, y: area.y, width: area.width, height: max(1, area.height - 1))
        banner(at: now, theme: theme, timeZone: timeZone).render(in: bannerArea, into: &buffer)
        guard area.height >= 2 else { return nil }
        let row = Rect(x: area.x + 1, y: area.maxY - 1, width: max(0, area.width - 2), height: 1)
        if let reply {
            let input = reply.action.textInput
            let line = InputLine(prompt: "Reply› ", editor: reply.editor, placeholder: input?.placeholder ?? "",
                                 buttonTitle: input?.buttonTitle ?? "", theme: theme)
            line.render(in: row, into: &buffer)
            return line.cursor(in: row)
        }
        if takesKeys(at: now) {
            var keys: [String] = []
            if replyAction != nil { keys.append("r reply") }
            keys.append("Esc close")
            buffer.setString(x: row.x, y: row.y, keys.joined(separator: " · "), style: theme.dim, maxWidth: row.width)
        } else {
            buffer.setString(x: row.x, y: row.y, Self.passingOnHint, style: theme.dim, maxWidth: row.width)
        }
        return nil
    }
}
