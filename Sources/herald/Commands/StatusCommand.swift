import HeraldClient
import HeraldCore
import HeraldWire

/// `herald status`: a one-line summary for tmux's status line and status bars.
enum StatusCommand: SynchronousCommand {
    static let name = "status"
    static let summary = "one line for a status bar: unread counts, Focus, the newest title (--watch follows it)"
    static let help = """
    Usage: herald status [--format TEXT] [--json] [--tmux] [--watch]
           herald status --count [--app ID]

    Prints one line about the center: how many notifications are unread and from which apps,
    the Focus that is on, the newest unread notification's title. With --watch it prints a line
    now and a new one whenever it changes — for waybar, polybar, i3blocks, eww or qtile — and
    keeps running; it waits for the center's events and does nothing in between (no polling).
    When the center stops it prints `herald: offline` (in JSON: class `offline`) and connects
    again. Text from notifications is made safe (no control characters or escape sequences).

    Options:
      --format TEXT   The line, with placeholders: {unread}, {apps} ("Mail 2 · make 1"),
                      {focus} (the Focus that is on, or nothing), {dnd} (on or off), and the
                      newest unread notification's {title}, {app} and {id}. {title:30} cuts to
                      30 columns. {?unread TEXT} shows TEXT only when unread is not 0 (or a
                      value is not empty or off), {!unread TEXT} only when it is; {{ and }} are
                      braces. Default: "{unread} unread{?apps  ({apps})}…".
      --json          One JSON object a line: "text" (the --format line; default the unread
                      count, empty at 0), "tooltip", "alt" and "class" (none, unread, dnd-none,
                      dnd-unread, offline) as waybar reads them, and "unread", "apps", "focus",
                      "dnd", "newest" ({"id","app","name","title"}) for scripts.
      --tmux          For tmux's status line: doubles the # in titles and names, so a title
                      cannot restyle it or run a command.
      --watch         Keep printing a line at every change.
      --count         Print the unread count alone (as `herald count`).
      --app ID        With --count: only this app's.

    Exit status: 0, 2 a mistake in --format (named with its column), 3 --count's --app is
    unknown, 1 no center could be reached (--watch keeps trying instead).

    Examples:
      herald status
      herald status --format '{?unread ✉ {unread}}{?focus  ☾ {focus}}'
      set -g status-right '#(herald status --tmux --format "{?unread ✉ {unread} }")'
      herald status --watch --json        # waybar: "exec", "return-type": "json"
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.failure
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        if arguments.flag("--count") {
            guard arguments.remaining.allSatisfy({ $0 == "--app" || $0.hasPrefix("--app=") || !$0.hasPrefix("--") }) else {
                throw UsageError("--count takes only --app")
            }
            return try CountCommand.runSynchronously(&arguments, context: context)
        }
        let format = try arguments.option("--format")
        let json = arguments.flag("--json")
        let tmux = arguments.flag("--tmux")
        let watch = arguments.flag("--watch")
        try arguments.finish()
        let template: StatusTemplate
        do {
            template = try StatusTemplate(format ?? (json ? StatusOutput.defaultJSONFormat : StatusOutput.defaultFormat))
        } catch {
            throw UsageError("--format: \(error)")
        }
        let output = StatusOutput(template: template, json: json, tmux: tmux)
        let location = CenterLocation(context)
        if watch { return StatusWatch(location: location, output: output).run() }
        let client = try location.connectBlocking(role: .cli, client: "herald status")
        defer { client.close() }
        _ = StandardOutput.writeLine(output.line(try StatusWatch.snapshot(client)))
        return ExitStatus.success
    }
}
