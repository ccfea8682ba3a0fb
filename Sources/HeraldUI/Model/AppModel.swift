import Foundation
import HeraldCore
import HeraldPreview

/// The whole state of the terminal UI, as a value. `update(_:)` is the only place it changes;
/// `view()` draws it. Tests build one, send it `Msg`s and look at the effects and the screen.
///
/// ```swift
/// var model = AppModel(width: 80, height: 24, now: date)
/// let effects = model.update(.key(.char("j")))
/// let screen = model.view()
/// ```
public struct AppModel: Sendable {
    public var config: UIConfiguration
    public var width: Int
    public var height: Int
    public var now: Date

    // MARK: Center state (mirrored)
    /// Every app the center knows, sorted by display name.
    public var apps: [AppRecord] = [] { didSet { appNames = AppNames.distinct(apps) } }
    /// The name shown for each app, distinct where display names clash (`AppNames`).
    public private(set) var appNames: [String: String] = [:]
    public var unreadCounts: [String: Int] = [:]
    public var doNotDisturb = false
    /// The Focus that is on (name and end), for the header; `nil` when none is (or not yet loaded).
    public var activeFocus: FocusStatus?
    /// The modes and summaries, as last loaded (for the Focus screen).
    public var focusOverview: FocusOverview?
    /// The list shows only the notifications a summary lists (Enter on a summary); Esc leaves.
    public var heldFilter: HeldFilter?

    // MARK: History window
    /// The loaded window of history, newest first (at most `config.historyWindow` rows).
    public var history: [DeliveredRecord] = []
    /// How many rows match the current query in the center.
    public var historyTotal = 0
    /// Where the window starts in the full history.
    public var historyOffset = 0
    /// The full-text search, if any.
    public var searchText: String?
    /// The app filter (`nil`: all apps).
    public var selectedApp: String?

    // MARK: Navigation
    public var focus: Focus = .list
    /// 0 is "All apps", `i` is `apps[i - 1]`.
    public var sidebarSelection = 0
    /// The selected notification (by delivery, so new arrivals do not move the selection).
    public var selectedDeliveryID: Int64?
    /// First visible list row.
    public var listScroll = 0
    /// Notifications that arrived above the visible rows since the list was last scrolled to its
    /// top: arrivals never push the rows on screen down; the list title shows "↑ N new" instead.
    public var arrivalsAbove = 0
    public var expandedGroups: Set<GroupKey> = []

    // MARK: Presentation
    public var banner = BannerState()
    /// Permission prompts waiting; the first is on screen.
    public var prompts: [PermissionPromptState] = []
    public var overlay: Overlay?
    public var status: StatusMessage?
    public var isLocked = false
    public var isMuted: Bool
    public var logLines: [String] = []
    public var showLog: Bool
    /// Since when and why the center cannot be reached (`nil`: connected).
    public var disconnection: Disconnection?
    /// Ids (negative, counting down) given to notifications shown but not kept in history.
    public var lastUnkeptDeliveryID: Int64 = 0
    /// Set by `q` / `:quit`; the runtime stops.
    public var quitRequested = false
    /// Attachment pictures made or being made (per file and box size).
    public var previews = PreviewCache()
    /// Format and duration of sound and movie attachments, by file path (read once).
    public var mediaInfo: [String: MediaInfo] = [:]

    public init(width: Int = 80, height: Int = 24, now: Date = Date(), config: UIConfiguration = UIConfiguration()) {
        self.config = config
        self.width = width
        self.height = height
        self.now = now
        self.isMuted = config.muted
        self.showLog = config.showLogPane
    }

    public var theme: Theme { Theme(colors: config.colors, palette: config.palette) }

    /// The query that loads the current window.
    public var historyQuery: HistoryQuery {
        HistoryQuery(bundleIdentifier: selectedApp, search: searchText, limit: config.historyWindow, offset: historyOffset,
                     deliveryIDs: heldFilter?.deliveryIDs)
    }

    public func app(_ bundleIdentifier: String) -> AppRecord? {
        apps.first { $0.bundleIdentifier == bundleIdentifier }
    }

    /// The name shown for an app: its display name, made distinct from other apps' (`AppNames`);
    /// its bundle identifier's last part when unknown.
    public func appName(_ bundleIdentifier: String) -> String {
        appNames[bundleIdentifier] ?? AppRecord.defaultDisplayName(for: bundleIdentifier)
    }

    /// The category of a notification, if its app registered it.
    public func category(of record: DeliveredRecord) -> CategoryRecord? {
        guard !record.content.categoryIdentifier.isEmpty else { return nil }
        return app(record.bundleIdentifier)?.category(record.content.categoryIdentifier)
    }

    /// The action buttons of a notification, in display order.
    public func actions(of record: DeliveredRecord) -> [ActionRecord] { category(of: record)?.actions ?? [] }

    public var totalUnread: Int { unreadCounts.values.reduce(0, +) }
}
