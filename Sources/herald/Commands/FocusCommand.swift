import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

/// `herald focus`: Focus modes, timers, schedules and the scheduled summary.
enum FocusCommand: HeraldCommand {
    static let name = "focus"
    static let summary = "Focus: quiet modes with timers, schedules, allowed apps; the scheduled summary"
    static let help = """
    Usage: herald focus [list] [--json]
           herald focus on NAME [for DURATION | until HH:MM | until tomorrow]
           herald focus off
           herald focus add NAME [--allow APP]... [--no-time-sensitive]
                                 [--days DAYS --from HH:MM --to HH:MM]
           herald focus edit NAME [--allow APP]... [--disallow APP]... [--time-sensitive on|off]
                                  [--days DAYS --from HH:MM --to HH:MM | --no-schedule]
           herald focus remove NAME
           herald focus summary [HH:MM...]

    While a Focus is on, notifications still arrive and go to history, silently: no banner, no
    bell. Apps the mode allows present as usual; time-sensitive notifications break through
    unless the mode says --no-time-sensitive (or the app's time-sensitive setting is off);
    critical ones ring while the app's Critical Alerts setting is on (on by default for D-Bus
    senders and `herald post`; Swift apps ask for .criticalAlert). When the Focus ends, one
    summary banner tells what arrived ("12 notifications from 3 apps while Focus was on").

    `herald dnd on|off` is the built-in "Do Not Disturb" mode. A mode with a schedule turns
    itself on in its window (22:00–07:00 runs across midnight); `focus off` during the window
    keeps it off until the window ends.

    DURATION: 30m, 1h, 1h30m, "2 hours", 1d (at most 30 days; a bare number is minutes).
    "until tomorrow" is 08:00 tomorrow (today, before 05:00). Times are the center's local time.
    DAYS: mon,tue,…  mon-fri  weekdays  weekends  daily.
    APP: a bundle identifier or an app's name (D-Bus senders are apps named after the sender).

    `focus summary HH:MM...` sets when the scheduled summary arrives (apps opt in from the
    settings screen in the UI); without times it prints them.

    Examples:
      herald focus add Work --allow com.example.chat --days weekdays --from 09:00 --to 17:30
      herald focus on Work for 1h
      herald focus on Sleep until tomorrow
      herald focus off
      herald focus summary 08:00 18:00
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let json = arguments.flag("--json")
        let allow = try arguments.options("--allow")
        let disallow = try arguments.options("--disallow")
        let noTimeSensitive = arguments.flag("--no-time-sensitive")
        let timeSensitive = try arguments.option("--time-sensitive")
        let days = try arguments.option("--days")
        let from = try arguments.option("--from")
        let to = try arguments.option("--to")
        let noSchedule = arguments.flag("--no-schedule")
        var words = try arguments.positionals()
        let verb = words.isEmpty ? "list" : words.removeFirst().lowercased()

        let client = try await CenterLocation(context).connect(role: .cli, client: "herald focus")
        defer { client.close() }
        func change(_ change: FocusChange) async throws -> FocusOverview {
            try await client.call(Methods.changeFocus, change)
        }
        switch verb {
        case "list", "status":
            guard words.isEmpty else { throw UsageError("focus list takes no arguments") }
            let overview = try await client.call(Methods.focus, Empty())
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                printInertJSON(try encoder.encode(overview))
            } else {
                print(describe(overview), terminator: "")
            }
        case "on":
            guard let name = words.first else { throw UsageError("give the mode's name: herald focus on NAME") }
            let end = try FocusEnd(parsing: Array(words.dropFirst()))
            let overview = try await change(.turnOn(name: name, end: end))
            print(statusLine(overview))
        case "off":
            guard words.isEmpty else { throw UsageError("focus off takes no arguments") }
            print(statusLine(try await change(.turnOff)))
        case "add", "edit":
            guard words.count == 1, let name = words.first else {
                throw UsageError("give one mode name: herald focus \(verb) NAME (quote names with spaces)")
            }
            let overview = try await client.call(Methods.focus, Empty())
            let existing = overview.modes.first { $0.isNamed(name) }
            if verb == "add" && existing != nil { throw UsageError("a mode named '\(name)' exists; use focus edit") }
            guard var mode = verb == "add" ? FocusMode(name: name) : existing else {
                throw FocusError.unknownMode(name)
            }
            mode.allowedApps += allow.filter { app in !mode.allowedApps.contains { $0.caseInsensitiveCompare(app) == .orderedSame } }
            mode.allowedApps.removeAll { app in disallow.contains { $0.caseInsensitiveCompare(app) == .orderedSame } }
            if noTimeSensitive { mode.allowsTimeSensitive = false }
            switch timeSensitive {
            case nil: break
            case "on"?: mode.allowsTimeSensitive = true
            case "off"?: mode.allowsTimeSensitive = false
            case let other?: throw UsageError("--time-sensitive takes on or off, not '\(other)'")
            }
            if noSchedule {
                mode.schedule = nil
            } else if days != nil || from != nil || to != nil {
                guard let from, let to else { throw UsageError("a schedule needs --from HH:MM and --to HH:MM") }
                mode.schedule = FocusSchedule(weekdays: try days.map(FocusSchedule.weekdays(parsing:)) ?? FocusSchedule.everyDay,
                                              start: try TimeOfDay(parsing: from, field: "--from"),
                                              end: try TimeOfDay(parsing: to, field: "--to"))
            }
            let result = try await change(.saveMode(mode: mode))
            if let saved = result.modes.first(where: { $0.isNamed(name) }) { print(modeLine(saved)) }
        case "remove", "rm", "delete":
            guard words.count == 1, let name = words.first else { throw UsageError("give one mode name: herald focus remove NAME") }
            _ = try await change(.removeMode(name: name))
        case "summary":
            if words.isEmpty {
                let overview = try await client.call(Methods.focus, Empty())
                print(summaryLine(overview))
            } else {
                let times = try words.map { try TimeOfDay(parsing: $0, field: "summary time") }
                print(summaryLine(try await change(.setSummaryTimes(times: times))))
            }
        default:
            throw UsageError("unknown focus command '\(verb)'; use list, on, off, add, edit, remove or summary")
        }
        return ExitStatus.success
    }

    static func describe(_ overview: FocusOverview) -> String {
        var text = statusLine(overview) + "\n\n"
        text += TextTable(headers: ["MODE", "ALLOWS", "TIME-SENSITIVE", "SCHEDULE"], maxWidths: [24, 40, nil, nil],
                          rows: overview.modes.map { mode in
                              [mode.name, mode.allowedApps.isEmpty ? "nobody" : mode.allowedApps.joined(separator: ", "),
                               mode.allowsTimeSensitive ? "breaks through" : "held", mode.schedule?.summary ?? "—"]
                          }).render()
        return text + "\n" + summaryLine(overview) + "\n"
    }

    static func statusLine(_ overview: FocusOverview) -> String {
        guard let active = overview.active else { return "Focus: off" }
        let how = active.endText(now: Date(), calendar: Calendar.current) + (active.isScheduled ? " (scheduled)" : "")
        let held = overview.heldCount == 1 ? "1 notification held" : "\(overview.heldCount) notifications held"
        return "Focus: \(TerminalText.sanitize(active.name)) \(how) — \(held)"
    }

    static func modeLine(_ mode: FocusMode) -> String {
        "\(TerminalText.sanitize(mode.name)): allows \(mode.allowedApps.isEmpty ? "nobody" : mode.allowedApps.map { TerminalText.sanitize($0) }.joined(separator: ", "))"
            + ", time-sensitive \(mode.allowsTimeSensitive ? "breaks through" : "held")"
            + (mode.schedule.map { ", \($0.summary)" } ?? "")
    }

    static func summaryLine(_ overview: FocusOverview) -> String {
        let times = overview.summaryTimes.map(\.description).joined(separator: ", ")
        return "Scheduled summary at \(times) — \(overview.collectedCount) collected"
    }
}
