import Foundation

/// What a status line shows of the center — unread counts per app, the Focus that is on, the
/// newest unread notification — kept up to date from the center's events, so a status bar
/// follows the center without asking it again and again (`herald status --watch`).
///
/// ```swift
/// var status = CenterStatus(apps: apps, counts: counts, focus: overview.active, newestUnread: newest)
/// if status.apply(event) { status.newestUnread = … }   // read the newest unread one again
/// status.unread                                        // 3
/// ```
public struct CenterStatus: Sendable, Hashable {
    /// The newest unread notification, as a status line names it.
    public struct Newest: Sendable, Hashable {
        public var deliveryID: Int64
        public var bundleIdentifier: String
        public var title: String
        public var date: Date

        public init(_ record: DeliveredRecord) {
            deliveryID = record.deliveryID
            bundleIdentifier = record.bundleIdentifier
            title = record.content.title
            date = record.date
        }
    }

    /// One app's unread notifications.
    public struct AppUnread: Sendable, Hashable {
        public var bundleIdentifier: String
        public var name: String
        public var unread: Int
    }

    /// Each app's unread notifications (apps with none may be left out).
    public var unreadCounts: [String: Int]
    /// Each app's display name.
    public var appNames: [String: String]
    /// The Focus that is on (the built-in one is named "Do Not Disturb"), or `nil`.
    public var focus: FocusStatus?
    /// The newest unread notification in history, or `nil` when nothing is unread.
    public var newestUnread: Newest?

    public init(apps: [AppRecord] = [], counts: [String: HistoryCounts] = [:], focus: FocusStatus? = nil,
                newestUnread: DeliveredRecord? = nil) {
        unreadCounts = counts.mapValues(\.unread)
        appNames = Dictionary(apps.map { ($0.bundleIdentifier, $0.displayName) }, uniquingKeysWith: { $1 })
        self.focus = focus
        self.newestUnread = newestUnread.map(Newest.init)
    }

    /// From unread counts and the names of the apps they name (the daemon's `status` answer).
    public init(unreadCounts: [String: Int], appNames: [String: String], focus: FocusStatus?, newestUnread: DeliveredRecord?) {
        self.unreadCounts = unreadCounts
        self.appNames = appNames
        self.focus = focus
        self.newestUnread = newestUnread.map(Newest.init)
    }

    /// Unread notifications of every app.
    public var unread: Int { unreadCounts.values.reduce(0, +) }

    /// Whether do-not-disturb is on (any Focus is).
    public var doNotDisturb: Bool { focus != nil }

    /// The apps with unread notifications, the most first (then by name, then by bundle
    /// identifier, each in `UTF8Order`).
    public var unreadApps: [AppUnread] {
        var apps: [AppUnread] = []
        apps.reserveCapacity(unreadCounts.count)
        for (bundle, unread) in unreadCounts where unread > 0 {
            apps.append(AppUnread(bundleIdentifier: bundle, name: name(of: bundle), unread: unread))
        }
        return AppUnread.sorted(apps)
    }

    /// An app's display name (its bundle identifier when the center gave none).
    public func name(of bundleIdentifier: String) -> String {
        appNames[bundleIdentifier].flatMap { $0.isEmpty ? nil : $0 } ?? bundleIdentifier
    }

    /// Takes in what an event changed. Returns `true` when the newest unread notification may
    /// have changed in a way the event does not tell (read, deleted, cleared, replaced): the
    /// caller reads it again (`history` with `unreadOnly`, limit 1).
    public mutating func apply(_ event: CenterEvent) -> Bool {
        switch event {
        case .countsChanged(let bundle, let counts):
            let before = unreadCounts.updateValue(counts.unread, forKey: bundle) ?? 0
            return counts.unread < before && newestUnread?.bundleIdentifier == bundle
        case .delivered(let record, let replaced):
            if record.isKept && !record.isRead && record.date >= (newestUnread?.date ?? .distantPast) {
                newestUnread = Newest(record)
                return false
            }
            return replaced != nil && replaced == newestUnread?.deliveryID
        case .updated(let record):
            guard let newest = newestUnread else { return !record.isRead }
            return record.deliveryID == newest.deliveryID ? record.isRead : !record.isRead && record.date > newest.date
        case .deleted(let ids):
            return newestUnread.map { ids.contains($0.deliveryID) } ?? false
        case .cleared(let bundle):
            return newestUnread.map { bundle == nil || $0.bundleIdentifier == bundle } ?? false
        case .appChanged(let app):
            appNames[app.bundleIdentifier] = app.displayName
            return false
        case .focusChanged(let status):
            focus = status
            return false
        case .doNotDisturbChanged, .responded, .pendingChanged, .promptRequested, .promptWithdrawn, .bannersClosed,
             .bannerRestored:
            return false
        }
    }
}
