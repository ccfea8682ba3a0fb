import Foundation
import HeraldCore
import HeraldPreview

/// The whole state of the terminal UI, as a value. `update(_:)` is the only place it changes:
/// every field is `public internal(set)`, so hosts and tests read it and change it only by
/// sending messages (only HeraldUI's update code, in `Update/`, assigns). `view()` draws it. Tests build one, send it `Msg`s and look at the effects and the screen.
///
/// ```swift
/// var model = AppModel(width: 80, height: 24, now: date)
/// let effects = model.update(.key(.char("j")))
/// let screen = model.view()
/// ```
public struct AppModel: Sendable {
    public internal(set) var config: UIConfiguration
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var now: Date

    // MARK: Center state (mirrored)
    /// Every app the center knows, sorted by display name.
    public internal(set) var apps: [AppRecord] = [] {
        didSet {
            appNames = AppNames.distinct(apps)
            appPositions = Dictionary(apps.indices.map { (apps[$0].bundleIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
    /// The name shown for each app, distinct where display names clash (`AppNames`).
    public private(set) var appNames: [String: String] = [:]
    /// Where each app is in `apps` (`app(_:)` is asked for every row drawn).
    private var appPositions: [String: Int] = [:]
    /// Each app's history counts (unread, total), as the center sends them.
    public internal(set) var historyCounts: [String: HistoryCounts] = [:]
    public internal(set) var doNotDisturb = false
    /// The Focus that is on (name and end), for the header; `nil` when none is (or not yet loaded).
    public internal(set) var activeFocus: FocusStatus?
    /// The modes and summaries, as last loaded (for the Focus screen).
    public internal(set) var focusOverview: FocusOverview?
    /// The list shows only the notifications a summary lists (Enter on a summary); Esc leaves.
    public internal(set) var heldFilter: HeldFilter?

    // MARK: History window
    /// The loaded window of history, newest first (at most `config.historyWindow` rows).
    public internal(set) var history: [DeliveredRecord] = []
    /// How many rows match the current query in the center.
    public internal(set) var historyTotal = 0
    /// Where the window starts in the full history.
    public internal(set) var historyOffset = 0
    /// Whether a page of history has arrived since the UI started: until then the list says
    /// "Loading…", not "No notifications".
    public internal(set) var hasLoadedHistory = false
    /// The window's rows that came shortened (`HistoryPage.shortened`): the detail pane asks
    /// for their whole record (`AppModel+Details.swift`).
    public internal(set) var shortenedIDs: Set<Int64> = []
    /// Whole records of shortened rows, asked for as they were selected (a few).
    public internal(set) var wholeRecords: [Int64: DeliveredRecord] = [:]
    /// The shortened row whose whole record was asked for last.
    var detailRequested: Int64?
    /// Why the history could not be loaded (a reply that could not be read, a center that
    /// failed), shown in place of the list until a page comes; `nil` when it was.
    public internal(set) var historyLoadError: String?
    /// The full-text search, if any.
    public internal(set) var searchText: String?
    /// The app filter (`nil`: all apps).
    public internal(set) var selectedApp: String?

    // MARK: Navigation
    /// The pane the movement keys drive (the sidebar or the list).
    public internal(set) var activePane: Pane = .list
    /// 0 is "All apps", `i` is `apps[i - 1]`.
    public internal(set) var sidebarSelection = 0
    /// The selected notification (by delivery, so new arrivals do not move the selection).
    public internal(set) var selectedDeliveryID: Int64?
    /// First visible list row.
    public internal(set) var listScroll = 0
    /// Notifications that arrived above the visible rows since the list was last scrolled to its
    /// top: arrivals never push the rows on screen down; the list title shows "↑ N new" instead.
    public internal(set) var arrivalsAbove = 0
    public internal(set) var expandedGroups: Set<GroupKey> = []

    // MARK: Presentation
    public internal(set) var banner = BannerState()
    /// Permission prompts waiting; the first is on screen.
    public internal(set) var prompts: [PermissionPromptState] = []
    public internal(set) var overlay: Overlay?
    public internal(set) var status: StatusMessage?
    public internal(set) var isLocked = false
    public internal(set) var isMuted: Bool
    public internal(set) var logLines: [String] = []
    public internal(set) var showLog: Bool
    /// Since when and why the center cannot be reached (`nil`: connected).
    public internal(set) var disconnection: Disconnection?
    /// Ids (negative, counting down) given to notifications shown but not kept in history.
    public internal(set) var lastUnkeptDeliveryID: Int64 = 0
    /// Set by `q` / `:quit`; the runtime stops.
    public internal(set) var quitRequested = false
    /// Attachment pictures made or being made (per file and box size).
    public internal(set) var previews = PreviewCache()
    /// Format and duration of sound and movie attachments, by file path (read once).
    public internal(set) var mediaInfo: [String: MediaInfo] = [:]
    /// What the center sent while a load was on its way (`AppModel+Loads.swift`): an answer
    /// read before these does not undo them.
    var sinceLoads = LoadRace()

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
        appPositions[bundleIdentifier].map { apps[$0] }
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

    public var totalUnread: Int { historyCounts.values.reduce(0) { $0 + $1.unread } }
}
