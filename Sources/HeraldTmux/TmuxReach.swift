import Dispatch
import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// The daemon's way out to a user working in tmux: a subscriber of the engine's events that
/// shows banners on the most recently active tmux client — a popup running `herald popup ID`,
/// which answers through the center's response path like a key in the UI, or a message line —
/// and keeps the `@herald_unread` / `@herald_focus` user options for status lines.
///
/// What it shows follows the center's own decision for each notification (Focus,
/// do-not-disturb, interruption levels, the app's settings and the rules; see
/// `TmuxBannerPolicy`) and the `[tmux]` settings. It stays away from a client whose screen
/// shows a `herald` UI (the UI shows the banner itself). One popup at a time: banners arriving
/// meanwhile wait (at most `maximumWaiting`; past that, and when tmux refuses a popup because
/// the client shows another, a message line says it instead). Every tmux command runs on its
/// own queue, never on the engine.
///
/// ```swift
/// let reach = TmuxReach(configuration: TmuxReach.Configuration(settings: user.tmux, server: server, …))
/// await reach.start(engine: engine)
/// …
/// await reach.stop()
/// ```
public final class TmuxReach: Sendable {
    /// What the reach needs from the daemon.
    public struct Configuration: Sendable {
        public var settings: TmuxSettings
        /// The server to reach (`TmuxServer.locate`); `nil`: none.
        public var server: TmuxServer?
        /// The `herald` program a popup runs.
        public var herald: String
        /// Set in a popup: the center's socket, the configuration file.
        public var popupEnvironment: [String: String]
        /// A private directory for the files popups create once they run.
        public var markerDirectory: String
        /// The configuration's rules (a rule's `mute` keeps passive ones off the status line too).
        public var rules: [NotificationRule]
        /// The rows a popup needs for a notification at a width (the banner's own measure).
        public var popupHeight: @Sendable (DeliveredRecord, AppRecord?, Int) -> Int
        /// Where the `herald` UIs attached now run in tmux.
        public var interfacePanes: @Sendable () -> [TmuxPlace]
        public var log: @Sendable (String) -> Void

        public init(settings: TmuxSettings, server: TmuxServer?, herald: String, popupEnvironment: [String: String],
                    markerDirectory: String, rules: [NotificationRule],
                    popupHeight: @escaping @Sendable (DeliveredRecord, AppRecord?, Int) -> Int,
                    interfacePanes: @escaping @Sendable () -> [TmuxPlace],
                    log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.settings = settings
            self.server = server
            self.herald = herald
            self.popupEnvironment = popupEnvironment
            self.markerDirectory = markerDirectory
            self.rules = rules
            self.popupHeight = popupHeight
            self.interfacePanes = interfacePanes
            self.log = log
        }
    }

    /// Banners waiting for the popup on screen to close, at most.
    public static let maximumWaiting = 8
    /// The status options are set at most this often (seconds) under a flood of changes.
    static let statusInterval: TimeInterval = 0.25
    /// Message lines are shown at most this often (seconds); what comes meanwhile is one line.
    static let messageInterval: TimeInterval = 1
    /// How long (seconds) one reading of the clients and panes serves deliveries that come in a
    /// flood (more already waiting on the queue): a flood asks tmux about twice a second.
    static let screenLifetime: TimeInterval = 0.5

    struct State {
        var apps: [String: AppRecord] = [:]
        var counts: [String: HistoryCounts] = [:]
        var focus: FocusStatus?
        /// Apps whose counts, and whether Focus, came from events before the first read finished.
        var countedByEvents: Set<String> = []
        var focusByEvents = false
        var published: TmuxStatusOptions?
        var statusScheduled = false
        var lastPublished: Date = .distantPast
        /// The delivery on a popup now, and whether it was answered (or removed) meanwhile.
        var showing: DeliveredRecord?
        var showingSettled = false
        var waiting: [DeliveredRecord] = []
        /// Message lines not shown yet (they are shown together), and when the last one was.
        var messages: [DeliveredRecord] = []
        var messageScheduled = false
        var lastMessage: Date = .distantPast
        /// The last reading of the clients and panes, and when it was taken.
        var screen: (screen: TmuxScreen?, at: Date)?
        /// Deliveries announced and not yet presented (more than one: a flood).
        var unpresented = 0
        var nextMarker = 0
        /// A failed `display-popup` (an older tmux) was logged once.
        var popupFailureLogged = false
        var observer: (engine: NotificationEngine, id: UInt64)?
    }

    let configuration: Configuration
    let state = Mutex(State())
    /// Where every tmux command runs, in order.
    let queue = DispatchQueue(label: "herald.tmux")

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Follows `engine`'s events from now on and sets the status options once.
    public func start(engine: NotificationEngine) async {
        guard configuration.server != nil else { return }
        let id = await engine.addObserver { [weak self] event in self?.observe(event) }
        state.withLock { $0.observer = (engine, id) }
        let apps = (try? await engine.apps()) ?? []
        let counts = (try? await engine.historyCounts()) ?? [:]
        let focus = try? await engine.focusOverview().active
        state.withLock { state in
            for app in apps where state.apps[app.bundleIdentifier] == nil { state.apps[app.bundleIdentifier] = app }
            for (app, count) in counts where !state.countedByEvents.contains(app) { state.counts[app] = count }
            if !state.focusByEvents { state.focus = focus }
        }
        scheduleStatus()
    }

    /// Stops following the engine (a popup on screen stays until answered or closed).
    public func stop() async {
        guard let observer = state.withLock({ $0.observer }) else { return }
        await observer.engine.removeObserver(observer.id)
        queue.sync {}
    }

    /// Called on the engine for every event: quick, no tmux here.
    func observe(_ event: CenterEvent) {
        switch event {
        case .delivered(let record, _), .bannerRestored(let record):   // (restored: herald restore)
            state.withLock { $0.unpresented += 1 }
            queue.async {
                self.present(record)
                self.state.withLock { $0.unpresented -= 1 }
            }
        case .appChanged(let app):
            state.withLock { $0.apps[app.bundleIdentifier] = app }
        case .countsChanged(let app, let counts):
            state.withLock { state in
                state.counts[app] = counts
                state.countedByEvents.insert(app)
            }
            scheduleStatus()
        case .focusChanged(let focus):
            state.withLock { state in
                state.focus = focus
                state.focusByEvents = true
            }
            scheduleStatus()
        case .responded(let response):
            settle { $0.deliveryID == response.notification.deliveryID }
        case .updated(let record) where record.isRead || record.isRemovedFromList:
            settle { $0.deliveryID == record.deliveryID }
        case .deleted(let ids):
            let gone = Set(ids)
            settle { gone.contains($0.deliveryID) }
        case .cleared(let app):
            settle { app == nil || $0.bundleIdentifier == app }
        case .bannersClosed(let ids):   // herald close: the popup closes itself (`herald popup` sees it too)
            settle { ids?.contains($0.deliveryID) ?? true }
        default:
            break
        }
    }

    /// Deliveries answered, read or removed: they no longer wait for a popup, and one on the
    /// popup needs no message line if tmux refused it. On the queue, after the deliveries
    /// announced before.
    private func settle(_ isSettled: @escaping @Sendable (DeliveredRecord) -> Bool) {
        queue.async {
            self.state.withLock { state in
                state.waiting.removeAll(where: isSettled)
                state.messages.removeAll(where: isSettled)
                if let showing = state.showing, isSettled(showing) { state.showingSettled = true }
            }
        }
    }

    // MARK: Status options

    /// Sets the status options soon (coalescing a flood of changes into one `tmux` call every
    /// `statusInterval`).
    func scheduleStatus() {
        guard configuration.settings.statusOptions else { return }
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.statusScheduled else { return nil }
            state.statusScheduled = true
            return max(0, state.lastPublished.addingTimeInterval(Self.statusInterval).timeIntervalSinceNow)
        }
        guard let delay else { return }
        queue.asyncAfter(deadline: .now() + delay) { self.publishStatus() }
    }

    /// The current options, set when they changed (and a server is up).
    func publishStatus() {
        let options = state.withLock { state -> TmuxStatusOptions? in
            state.statusScheduled = false
            state.lastPublished = Date()
            let options = TmuxStatusOptions(unread: state.counts.values.reduce(0) { $0 + $1.unread }, focus: state.focus?.name)
            return options == state.published ? nil : options
        }
        guard let options, let server = configuration.server else { return }
        guard server.isUp else {
            state.withLock { $0.published = nil }   // a server that starts later gets them all
            return
        }
        let clients = server.run([["list-clients", "-F", "#{client_name}"]])?.output
            .split(separator: "\n").map(String.init) ?? []
        guard let result = server.run(options.commands(clients: clients)) else { return }
        if result.status == 0 {
            state.withLock { $0.published = options }
        } else {
            configuration.log("tmux: could not set the status options: \(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
