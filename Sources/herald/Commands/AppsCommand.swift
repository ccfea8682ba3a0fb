import Foundation
import HeraldClient
import HeraldCore
import HeraldStore
import HeraldWire
import TerminalKit

/// `herald apps`: every app that has talked to the center, with authorization and badge.
enum AppsCommand: HeraldCommand {
    static let name = "apps"
    static let summary = "list apps with their authorization, badge and unread count"
    static let help = """
    Usage: herald apps [--json]

    Lists every app the center knows: its authorization, badge, unread and pending counts and
    categories, read from the state directory's database (while a center runs, or when none
    does).

    Options:
      --json      Print one JSON array with every field (settings, categories and actions,
                  device token).

    Examples:
      herald apps
      herald apps --json | jq '.[] | {app: .bundleIdentifier, badge}'
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let json = arguments.flag("--json")
        try arguments.finish()

        var items: [AppItem] = []
        if let store = try StoreCommandSupport.openStore(context) {
            let unread = try store.unreadCounts()
            var pending: [String: Int] = [:]
            for record in try store.loadPending() { pending[record.bundleIdentifier, default: 0] += 1 }
            items = try store.loadApps().map { app in
                AppItem(app.withFileNameAsDisplayName(), unread: unread[app.bundleIdentifier] ?? 0,
                        pending: pending[app.bundleIdentifier] ?? 0)
            }
        }
        if json {
            try StoreCommandSupport.printJSON(items)
            return ExitStatus.success
        }
        guard !items.isEmpty else {
            print("No apps yet.")
            return ExitStatus.success
        }
        let table = TextTable(
            headers: ["APP", "NAME", "AUTHORIZATION", "BADGE", "UNREAD", "PENDING", "CATEGORIES"],
            maxWidths: [nil, 24, nil, nil, nil, nil, 40],
            rows: items.map { item in
                [item.bundleIdentifier, item.displayName, item.authorizationStatus, String(item.badge),
                 String(item.unread), String(item.pending), categoriesCell(item.categories.map(\.identifier))]
            })
        print(table.render(), terminator: "")
        return ExitStatus.success
    }
}

extension AppsCommand {
    /// The app's own categories by name; those `herald post` made for its buttons as a count.
    static func categoriesCell(_ identifiers: [String]) -> String {
        let own = identifiers.filter { !$0.hasPrefix(PostParams.categoryPrefix) }
        let posted = identifiers.count - own.count
        return (own + (posted > 0 ? ["\(posted) from herald post"] : [])).joined(separator: ", ")
    }
}

/// One app in `herald apps --json`.
struct AppItem: Encodable {
    struct Category: Encodable {
        var identifier: String
        var actions: [String]
        var options: [String]
    }
    var bundleIdentifier: String
    var displayName: String
    var authorizationStatus: String
    var authorizedOptions: [String]
    var badge: Int
    var unread: Int
    var pending: Int
    var categories: [Category]
    /// Hex, as APNs tools print device tokens.
    var deviceToken: String?
    var settings: AppSettings
    var isCommandLineApp: Bool
    var serviceExtensionCommand: String?

    init(_ app: AppRecord, unread: Int, pending: Int) {
        bundleIdentifier = app.bundleIdentifier
        displayName = app.displayName
        authorizationStatus = Self.name(of: app.authorizationStatus)
        let options: [(UNAuthorizationOptions, String)] = [
            (.alert, "alert"), (.badge, "badge"), (.sound, "sound"), (.carPlay, "carPlay"),
            (.criticalAlert, "criticalAlert"), (.providesAppNotificationSettings, "providesAppNotificationSettings"),
            (.provisional, "provisional"),
            // Deprecated in Apple's API but still stored: spelled by raw value to avoid the warning.
            (UNAuthorizationOptions(rawValue: 1 << 7), "announcement"),
            (UNAuthorizationOptions(rawValue: 1 << 8), "timeSensitive"),
        ]
        authorizedOptions = options.filter { app.authorizedOptions.contains($0.0) }.map(\.1)
        badge = app.badge
        self.unread = unread
        self.pending = pending
        categories = app.categories.map { category in
            let options: [(UNNotificationCategoryOptions, String)] = [
                (.customDismissAction, "customDismissAction"), (.allowInCarPlay, "allowInCarPlay"),
                (.hiddenPreviewsShowTitle, "hiddenPreviewsShowTitle"),
                (.hiddenPreviewsShowSubtitle, "hiddenPreviewsShowSubtitle"), (.allowAnnouncement, "allowAnnouncement"),
            ]
            return Category(identifier: category.identifier, actions: category.actions.map(\.identifier),
                            options: options.filter { category.options.contains($0.0) }.map(\.1))
        }
        deviceToken = app.deviceToken.map { $0.map { String(format: "%02x", $0) }.joined() }
        settings = app.settings
        isCommandLineApp = app.isCommandLineApp
        serviceExtensionCommand = app.serviceExtensionCommand
    }

    static func name(of status: UNAuthorizationStatus) -> String {
        switch status {
        case .notDetermined: return "notDetermined"
        case .denied: return "denied"
        case .authorized: return "authorized"
        case .provisional: return "provisional"
        case .ephemeral: return "ephemeral"
        }
    }
}
