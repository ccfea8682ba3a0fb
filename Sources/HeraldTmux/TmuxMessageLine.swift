import HeraldCore
import TerminalKit

/// A notification as one line on a tmux client's status line (`display-message`): the app,
/// the title, the subtitle and the first of the body, as previews allow — sanitized and
/// escaped (`TmuxText.format`), never wider than the client.
///
/// ```swift
/// TmuxMessageLine.text(for: record, appName: "CI", showsPreviews: true, width: 80)
/// // "✉ CI: Build 1234 passed — all 312 tests green"
/// ```
public enum TmuxMessageLine {
    /// The line for `record` in `width` columns, ready for `display-message`; with a `count` over
    /// one it stands for that many notifications that came together (a flood is one line), of
    /// which `record` is the latest.
    public static func text(for record: DeliveredRecord, appName: String, showsPreviews: Bool, width: Int,
                            count: Int = 1) -> String {
        let content = record.content
        var parts: [String] = []
        if showsPreviews {
            parts = [content.title, content.subtitle, TextLayout.firstLine(content.body)]
                .map { TerminalText.sanitize($0).trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        if parts.isEmpty { parts = ["Notification"] }
        let prefix = count > 1 ? "✉ \(count) new · " : "✉ "
        let line = prefix + TerminalText.sanitize(appName) + ": " + parts.joined(separator: " — ")
        return TmuxText.format(TextLayout.truncate(line, to: max(10, width - 1)))
    }

    /// The `display-message` command for `text` on `client`, shown for `seconds` (0: until a key).
    static func command(_ text: String, client: String, seconds: Double) -> [String] {
        ["display-message", "-c", TmuxText.argument(client), "-d", String(Int((seconds * 1000).rounded())), text]
    }
}
