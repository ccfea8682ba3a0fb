import Foundation
import HeraldCore
import HeraldStore
import TerminalKit

/// `herald history`: delivered notifications, newest first, from the database (works whether or
/// not a center is running: the daemon writes in WAL mode and this only reads).
enum HistoryCommand: HeraldCommand {
    static let name = "history"
    static let summary = "list delivered notifications, newest first (search with --search)"
    static let help = """
    Usage: herald history [--app ID] [--search TEXT] [--unread] [--limit N] [--offset N] [--json]

    Lists the notifications in history, newest first, read from the state directory's database
    (while a center runs, or when none does).

    Options:
      --app ID         Only this app's notifications (bundle identifier); an app the center
                       does not know is an error (exit status 3).
      --search TEXT    Only notifications whose title, subtitle or body contain every word of
                       TEXT, the last one as the start of a word ("lunch ali" finds "Lunch
                       with Alice"; "lun alice" does not).
      --unread         Only unread notifications.
      --limit N        At most N notifications (default 20).
      --offset N       Skip the N newest matches first (paging).
      --json           Print one JSON array with every field (userInfo, attachments, responses).

    Examples:
      herald history
      herald history --app com.example.calendar --limit 5
      herald history --search "build failed" --json | jq '.[0].userInfo'
      herald --home /tmp/herald history --unread
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let app = try arguments.option("--app")
        let search = try arguments.option("--search")
        let limit = try arguments.intOption("--limit", in: 1...1_000_000) ?? 20
        let offset = try arguments.intOption("--offset", in: 0...Int(Int32.max)) ?? 0
        let unread = arguments.flag("--unread")
        let json = arguments.flag("--json")
        try arguments.finish()

        // The app's name in NFC, as the center stores it (`CanonicalIdentifier`).
        let query = HistoryQuery(bundleIdentifier: app, search: search, limit: limit, offset: offset, unreadOnly: unread)
            .withCanonicalIdentifiers()
        do { try query.validate() } catch { throw UsageError("\(error)") }
        let store = try StoreCommandSupport.openStore(context)
        try StoreCommandSupport.requireKnownApp(app, in: store)
        guard let store else {
            if json { print("[]") } else { print("No notifications yet.") }
            return ExitStatus.success
        }
        let records = try store.history(query)
        if json {
            let items = try records.map { record in
                HistoryItem(record, responses: try StoreCommandSupport.readableResponses(record.deliveryID, in: store))
            }
            try StoreCommandSupport.printJSON(items)
            return ExitStatus.success
        }
        guard !records.isEmpty else {
            print(search == nil && app == nil && !unread ? "No notifications yet." : "No matching notifications.")
            return ExitStatus.success
        }
        let formatter = StoreCommandSupport.localTimeFormatter()
        let table = TextTable(
            headers: ["ID", "DATE", "APP", "TITLE", "MESSAGE"],
            maxWidths: [nil, nil, 28, 32, 60],
            rows: records.map { record in
                let content = record.content
                let message = [content.subtitle, content.body].filter { !$0.isEmpty }.joined(separator: " — ")
                return [(record.isRead ? " " : "*") + String(record.deliveryID), formatter.string(from: record.date),
                        record.bundleIdentifier, content.title, message]
            })
        print(table.render(), terminator: "")
        let shown = offset + records.count
        var footer = "* unread"
        do {
            let total = try store.historyCount(query)
            if total > shown { footer += " · \(total - shown) more (use --limit or --offset)" }
        } catch StoreError.corrupt {
            footer += " · how many more cannot be counted: the database is damaged"
        }
        print(footer)
        return ExitStatus.success
    }
}

/// One history entry in `herald history --json`.
struct HistoryItem: Encodable {
    struct Attachment: Encodable {
        var identifier, path, type, fileName: String
        var size: Int64
    }
    struct Response: Encodable {
        var id: Int64
        var action: String
        var text: String?
        var date: Date
        var deliveredToApp: Bool
    }
    var id: Int64
    var app: String
    var identifier: String
    var date: Date
    var title, subtitle, body: String
    var categoryIdentifier, threadIdentifier: String
    /// passive, active, timeSensitive or critical.
    var interruptionLevel: String
    /// Sound name ("default" for the default sound); absent when silent.
    var sound: String?
    /// Desktop-notification extras (banner timeout, transient, resident, progress, body styles).
    var traits: NotificationTraits?
    var userInfo: [String: JSONValue]
    var attachments: [Attachment]
    var presentation: [String]
    var read: Bool
    var inList: Bool
    var responses: [Response]

    init(_ record: DeliveredRecord, responses: [ResponseRecord]) {
        let content = record.content
        id = record.deliveryID
        app = record.bundleIdentifier
        identifier = record.identifier
        date = record.date
        title = content.title
        subtitle = content.subtitle
        body = content.body
        categoryIdentifier = content.categoryIdentifier
        threadIdentifier = content.threadIdentifier
        interruptionLevel = "\(content.interruptionLevel)"
        sound = content.sound.map { $0.name ?? "default" }
        traits = content.traits
        userInfo = content.userInfo
        attachments = content.attachments.map {
            Attachment(identifier: $0.identifier, path: $0.path, type: $0.type, fileName: $0.fileName, size: $0.size)
        }
        let names: [(UNNotificationPresentationOptions, String)] = [(.banner, "banner"), (.list, "list"),
                                                                    (.sound, "sound"), (.badge, "badge")]
        presentation = names.filter { record.presentation.normalized.contains($0.0) }.map(\.1)
        read = record.isRead
        inList = !record.isRemovedFromList
        self.responses = responses.map {
            Response(id: $0.responseID, action: $0.action.actionIdentifier, text: $0.action.userText, date: $0.date,
                     deliveredToApp: $0.isDeliveredToApp)
        }
    }
}

// MARK: - Output shared by the store's read commands (history, pending, apps)

/// Opening the database for reading, and printing.
enum StoreCommandSupport {
    /// Opens the state directory's database for reading, or returns `nil` when there is none yet
    /// (a read command never creates one). Waits up to 5 s for a busy database; a newer one, or
    /// one the user may not read, throws a `StoreError` that says what to do. A damaged one that
    /// cannot be opened as it is (cut short, say) is opened to read what is left, saying so on
    /// standard error.
    static func openStore(_ context: CommandContext) throws -> SQLiteStore? {
        let home = HeraldHome.resolve(explicit: context.home)
        guard try home.databaseExists() else { return nil }
        do {
            return try SQLiteStore(home: home, options: SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
        } catch let damage as StoreError {
            guard case .corrupt(let path, let reason) = damage else { throw damage }
            var salvage = SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false)
            salvage.salvage = true
            guard let store = try? SQLiteStore(home: home, options: salvage) else { throw damage }
            printError("herald: the database \(path) is damaged (\(reason)): showing what can still be read; "
                       + "what cannot is listed as \"Unreadable notification\". Keep a copy before anything else: "
                       + "cp '\(path)' '\(path).damaged'")
            return store
        }
    }

    /// For `--app ID`: throws (exit status 3) when the center has never known the app — a typo
    /// is said, not answered with an empty list.
    static func requireKnownApp(_ app: String?, in store: SQLiteStore?) throws {
        guard let app else { return }
        let apps: [AppRecord]?
        do {
            apps = try store?.loadApps()
        } catch StoreError.corrupt {
            return   // the apps cannot be read: the history says what it can
        }
        guard apps?.contains(where: { $0.bundleIdentifier == app }) == true else {
            throw CommandError("the center knows no app named \"\(app)\"; `herald apps` lists the apps it knows",
                               status: ExitStatus.notFound)
        }
    }

    /// A notification's responses; none when they are on a damaged page (the notification is
    /// still shown).
    static func readableResponses(_ deliveryID: Int64, in store: SQLiteStore) throws -> [ResponseRecord] {
        do {
            return try store.responses(deliveryID: deliveryID)
        } catch StoreError.corrupt {
            return []
        }
    }

    /// Prints `items` as one pretty JSON array (sorted keys, ISO 8601 dates); `[]` when empty.
    static func printJSON<T: Encodable>(_ items: [T]) throws {
        guard !items.isEmpty else {
            print("[]")
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        printInertJSON(try encoder.encode(items))
    }

    /// `2026-03-01 14:05:09` in the local time zone.
    static func localTimeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }
}
