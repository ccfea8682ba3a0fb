import Foundation
import HeraldCore
import HeraldStore
import TerminalKit

/// `herald pending`: scheduled requests waiting for their trigger, soonest first.
enum PendingCommand: HeraldCommand {
    static let name = "pending"
    static let summary = "list scheduled notifications waiting for their trigger"
    static let help = """
    Usage: herald pending [--app ID] [--json]

    Lists the pending notification requests (what getPendingNotificationRequests returns), the
    soonest to fire first, read from the state directory's database (while a center runs, or
    when none does). Location triggers, which wait for the device to move, come last ("on
    location"); a calendar trigger whose date has passed says "never (date passed)". App names
    and identifiers are printed whole, so they can be copied (or use --json).

    Options:
      --app ID    Only this app's requests (bundle identifier); an app the center does not
                  know is an error (exit status 3).
      --json      Print one JSON array with every field (content, trigger, dates).

    Examples:
      herald pending
      herald pending --app com.example.calendar
      herald pending --json | jq -r '.[].identifier'
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let app = try arguments.option("--app")
        let json = arguments.flag("--json")
        try arguments.finish()

        let store = try StoreCommandSupport.openStore(context)
        try StoreCommandSupport.requireKnownApp(app, in: store)
        let records = try store?.loadPending().filter { app == nil || $0.bundleIdentifier == app } ?? []
        if json {
            try StoreCommandSupport.printJSON(records.map(PendingItem.init))
            return ExitStatus.success
        }
        guard !records.isEmpty else {
            print(app == nil ? "No pending notifications." : "No pending notifications for \(TerminalText.sanitize(app!)).")
            return ExitStatus.success
        }
        let formatter = StoreCommandSupport.localTimeFormatter()
        let table = TextTable(
            headers: ["NEXT FIRE", "APP", "IDENTIFIER", "TRIGGER", "TITLE"],
            maxWidths: [nil, nil, nil, 40, 40],
            rows: records.map { record in
                [record.nextFireDate.map(formatter.string(from:)) ?? PendingItem.withoutDate(record.request.trigger),
                 record.bundleIdentifier, record.request.identifier,
                 PendingItem.describe(record.request.trigger), record.request.content.title]
            })
        print(table.render(), terminator: "")
        return ExitStatus.success
    }
}

/// One pending request in `herald pending --json`.
struct PendingItem: Encodable {
    var app: String
    var identifier: String
    var title, subtitle, body: String
    var categoryIdentifier: String
    var userInfo: [String: JSONValue]
    /// The trigger as stored (`timeInterval`, `calendar`, `location` or `push`; absent: at once).
    var trigger: TriggerRecord?
    var triggerDescription: String
    var repeats: Bool
    var scheduledAt: Date
    var nextFireDate: Date?

    init(_ record: PendingRecord) {
        let content = record.request.content
        app = record.bundleIdentifier
        identifier = record.request.identifier
        title = content.title
        subtitle = content.subtitle
        body = content.body
        categoryIdentifier = content.categoryIdentifier
        userInfo = content.userInfo
        trigger = record.request.trigger
        triggerDescription = Self.describe(record.request.trigger)
        repeats = record.request.trigger?.repeats ?? false
        scheduledAt = record.scheduledAt
        nextFireDate = record.nextFireDate
    }

    /// The NEXT FIRE cell of a request with no fire date: a location trigger waits for the
    /// device; a calendar trigger whose date has passed never fires.
    static func withoutDate(_ trigger: TriggerRecord?) -> String {
        switch trigger {
        case .location?: return "on location"
        case .calendar?: return "never (date passed)"
        case .push?, .timeInterval?, nil: return "at once"
        }
    }

    /// `every 90 s`, `after 60 s`, `calendar hour=9 minute=30 (repeats)`, `entering office (…)`.
    static func describe(_ trigger: TriggerRecord?) -> String {
        switch trigger {
        case nil:
            return "at once"
        case .timeInterval(let seconds, let repeats)?:
            // (`Int(exactly:)`: a stored interval too large for an Int is shown, never trapped on.)
            let amount = Int(exactly: seconds).map(String.init) ?? String(seconds)
            return (repeats ? "every " : "after ") + amount + " s"
        case .calendar(let components, let repeats)?:
            let fields: [(String, Int?)] = [
                ("year", components.year), ("month", components.month), ("day", components.day),
                ("weekday", components.weekday), ("hour", components.hour), ("minute", components.minute),
                ("second", components.second),
            ]
            let text = fields.compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: " ")
            return "calendar " + (text.isEmpty ? "(any)" : text) + (repeats ? " (repeats)" : "")
        case .location(let region, let repeats)?:
            let edge = [region.notifyOnEntry ? "entering" : nil, region.notifyOnExit ? "leaving" : nil]
                .compactMap { $0 }.joined(separator: "/")
            return "\(edge.isEmpty ? "region" : edge) \(region.identifier) "
                + String(format: "(%.4f, %.4f, %.0f m)", region.latitude, region.longitude, region.radius)
                + (repeats ? " (repeats)" : "")
        case .push?:
            return "push"
        }
    }
}
