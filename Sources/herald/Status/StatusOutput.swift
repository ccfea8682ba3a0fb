import Foundation
import HeraldCore
import TerminalKit

/// How `herald status` writes the center's status: a line from a template (`--format`, made
/// safe for tmux's status line with `--tmux`), or one JSON object a status bar reads as it is
/// (waybar's `return-type: json`: `text`, `tooltip`, `alt`, `class`) with every value beside it.
/// Text from the center passes the one gate: what a bar displays (the line, `text`, `tooltip`)
/// through `TerminalText.sanitize`; the values for scripts (`newest.title`, names) whole, as every
/// `--json` writes them, with what a terminal could act on as `\uXXXX` escapes
/// (`TerminalText.inertJSON`).
struct StatusOutput {
    /// The line printed without `--format`.
    static let defaultFormat = "{unread} unread{?apps  ({apps})}{?focus  · Focus: {focus}}{?title  · {app}: {title:60}}"
    /// `text` in `--json` without `--format`: the count, nothing when nothing is unread (a bar
    /// hides the module then).
    static let defaultJSONFormat = "{?unread {unread}}"

    let template: StatusTemplate
    let json: Bool
    let tmux: Bool

    /// The status as one line (no newline).
    func line(_ status: CenterStatus) -> String {
        let text = template.render(status) { value, width in prepare(value, width: width, forTmux: tmux) }
        guard json else { return text }
        return Self.encode(Report(status, text: text))
    }

    /// The line while no center answers (`--watch` reconnecting).
    func offlineLine() -> String {
        guard json else { return "herald: offline" }
        return Self.encode(Report.offline)
    }

    /// A value from the center made safe (and cut to `width` columns).
    func prepare(_ value: String, width: Int?, forTmux: Bool) -> String {
        var text = TerminalText.sanitize(value)
        if let width { text = TextLayout.truncate(text, to: width) }
        if forTmux { text = text.replacingOccurrences(of: "#", with: "##") }
        return text
    }

    /// `--json`'s object, written by the wire's JSON writer (keys sorted, as `JSONEncoder`'s
    /// `.sortedKeys` writes them): no encoder is set up in a process that prints one line.
    struct Report {
        struct App {
            var app: String
            var name: String
            var unread: Int
        }
        struct Newest {
            var id: Int64
            var app: String
            var name: String
            var title: String
        }
        var text: String
        var tooltip: String
        var alt: String
        var `class`: String
        var unread: Int
        var apps: [App]
        var focus: String?
        var dnd: Bool
        var newest: Newest?
        var connected = true

        init(_ status: CenterStatus, text: String) {
            let safe = { (value: String) in TerminalText.sanitize(value) }
            self.text = text
            unread = status.unread
            apps = status.unreadApps.map { App(app: $0.bundleIdentifier, name: $0.name, unread: $0.unread) }
            focus = status.focus?.name
            dnd = status.doNotDisturb
            newest = status.newestUnread.map {
                Newest(id: $0.deliveryID, app: $0.bundleIdentifier, name: status.name(of: $0.bundleIdentifier), title: $0.title)
            }
            alt = (dnd ? "dnd-" : "") + (unread > 0 ? "unread" : "none")
            `class` = alt
            var lines = ["\(unread) unread"] + apps.map { "\(safe($0.name)): \($0.unread)" }
            if let focus { lines.append("Focus: \(safe(focus))") }
            if let newest { lines.append("Newest: \(safe(newest.name)) — \(safe(newest.title))") }
            tooltip = lines.joined(separator: "\n")
        }

        private init(offline: ()) {
            text = ""
            tooltip = "herald: the center is not running; reconnecting"
            alt = "offline"
            `class` = "offline"
            unread = 0
            apps = []
            focus = nil
            dnd = false
            newest = nil
            connected = false
        }

        static let offline = Report(offline: ())

        /// The object's bytes; `focus` and `newest` are `null` when there is none.
        func write(into writer: inout JSONWriter) {
            writer.beginObject()
            writer.key("alt")
            writer.string(alt)
            writer.key("apps")
            writer.beginArray()
            for app in apps {
                writer.element()
                writer.beginObject()
                writer.key("app")
                writer.string(app.app)
                writer.key("name")
                writer.string(app.name)
                writer.key("unread")
                writer.integer(app.unread)
                writer.endObject()
            }
            writer.endArray()
            writer.key("class")
            writer.string(`class`)
            writer.key("connected")
            writer.bool(connected)
            writer.key("dnd")
            writer.bool(dnd)
            writer.key("focus")
            if let focus { writer.string(focus) } else { writer.null() }
            writer.key("newest")
            if let newest {
                writer.beginObject()
                writer.key("app")
                writer.string(newest.app)
                writer.key("id")
                writer.integer(newest.id)
                writer.key("name")
                writer.string(newest.name)
                writer.key("title")
                writer.string(newest.title)
                writer.endObject()
            } else {
                writer.null()
            }
            writer.key("text")
            writer.string(text)
            writer.key("tooltip")
            writer.string(tooltip)
            writer.key("unread")
            writer.integer(unread)
            writer.endObject()
        }
    }

    private static func encode(_ report: Report) -> String {
        var writer = JSONWriter(dates: .secondsSince1970)
        report.write(into: &writer)
        return TerminalText.inertJSON(String(decoding: writer.bytes, as: UTF8.self))
    }
}
