import Foundation
import Synchronization

/// The notification center itself: apps, authorization, categories, pending requests and their
/// triggers, the delivery pipeline, history, badges, responses, pushes and service extensions.
/// One actor owns all of it; the store persists it; the clock drives every trigger and time limit.
///
/// ```swift
/// let engine = try NotificationEngine(store: InMemoryStore(), clock: ManualClock(now: start),
///                                     prompter: AlwaysAllow(), attachmentsDirectory: dir)
/// try await engine.add(RequestRecord(identifier: "tea", content: ContentRecord(title: "Tea"),
///                                    trigger: .timeInterval(seconds: 180, repeats: false)),
///                      bundleIdentifier: "com.example.timer")
/// clock.advance(by: 180)
/// await engine.fireDue()   // delivered
/// ```
///
/// Restart: `init` loads apps and pending requests from the store. A one-shot request whose fire
/// date passed while the center was down fires once at the first `fireDue`. A repeating request
/// whose date passed fires **once** for all the periods it missed, then moves to its next date
/// after the current time (as a device that was switched off shows one notification, not a pile).
public actor NotificationEngine: NotificationSystem, CenterControl {
    let store: any NotificationStore
    let clock: any NotificationClock
    /// Asked alongside the user interfaces for every prompt; `nil`: only a user interface's
    /// `answerPrompt` (or the app giving up) settles a prompt.
    let prompter: (any AuthorizationPrompter)?
    let attachmentStore: AttachmentStore
    let configuration: EngineConfiguration

    /// Each app's record, foreground connection and history counts, under one key (`AppTable`).
    var apps = AppTable()
    var connections: [String: any AppConnection] = [:]
    var foregroundApps: Set<String> = []
    var serviceExtensions: [String: any ServiceExtensionHost] = [:]
    var schedule: PendingSchedule
    /// Event handlers in the order they were added.
    var observers: [(id: UInt64, handler: @Sendable (CenterEvent) -> Void)] = []
    var nextObserverID: UInt64 = 0
    /// Focus modes, the one that is on and what it held (`NotificationEngine+Focus.swift`).
    var focus = FocusState() { didSet { isFocusIdle = focus.isIdle } }
    /// `focus.isIdle`, kept as `focus` changes: nothing is on, held, collected or scheduled, so
    /// nothing can change until `focus` does (every delivery asks, `advanceFocus`).
    var isFocusIdle = true
    /// The Focus last announced (`.focusChanged`), to announce changes once.
    var announcedFocus: FocusStatus?
    /// Summaries waiting to be delivered (a Focus ended, a scheduled summary is due).
    var focusOutbox: [ContentRecord] = []
    /// The simulated device location (`moveDevice`); `nil` until first moved.
    var deviceLocation: (latitude: Double, longitude: Double)?
    /// Whether the device is inside each location trigger's region.
    var regionInside: [PendingKey: Bool] = [:]
    /// Attachment files of repeating requests a fire is delivering (`FilesHeldByFires`).
    var filesHeldByFires = FilesHeldByFires()
    /// The number of notifications in history, once read (`NotificationEngine+KeptTotal.swift`).
    var keptHistoryTotal: Int?
    /// Each app's unread count and the newest unread notification, once read, for
    /// `statusSnapshot` (`NotificationEngine+Status.swift`).
    var keptUnread = KeptUnreadCounts()
    var newestUnread = NewestUnreadTracker()
    /// The permission prompts waiting for an answer (`NotificationEngine+Prompts.swift`).
    var promptBroker = PromptBroker()
    /// Apps whose queued responses are being handed over (new responses queue behind them).
    var drainingResponses: Set<String> = []
    /// The banners shown or closed lately, for `restoreBanner` (`NotificationEngine+Banners.swift`).
    var recentBanners = RecentBanners()
    /// The newest background push for each app that was not running (Apple keeps only one).
    var heldBackgroundPushes: [String: [String: JSONValue]] = [:]
    let wake = WakeSignal()
    /// Writes gathered into one store commit (`NotificationEngine+CommitGroup.swift`).
    var commitGroup = CommitGroup()
    /// Front ends holding the open group's commit (`holdCommits`), read on the engine.
    let commitHolds = Atomic<Int>(0)

    /// Opens the center on a store: loads apps, pending requests and Focus. `prompter` answers
    /// permission prompts alongside the user interfaces (tests, the simulator); `nil` leaves
    /// them to the user interfaces (`answerPrompt`), as the daemon and the demo do.
    public init(store: any NotificationStore, clock: any NotificationClock, prompter: (any AuthorizationPrompter)?,
                attachmentsDirectory: URL, configuration: EngineConfiguration = EngineConfiguration()) throws {
        self.store = store
        self.clock = clock
        self.prompter = prompter
        self.attachmentStore = AttachmentStore(directory: attachmentsDirectory)
        self.configuration = configuration
        let source = StoredPendingSource(reader: store.pendingRecordReader, report: configuration.unreadablePending)
        var schedule = PendingSchedule(pendingLimit: configuration.pendingLimit,
                                       locationLimit: configuration.locationTriggerLimit, source: source)
        var apps = AppTable()
        for app in try store.loadApps() {
            apps.setRecord(app.withDenialAsSettingOff().withFileNameAsDisplayName().withTrustedCriticalAlerts())
        }
        var dropped: [PendingRecord] = []
        for loaded in try store.loadPendingForStart() {
            var record: PendingRecord
            switch loaded {
            case .decoded(let decoded):
                record = decoded
            case .stored(let stored) where stored.nextFireDate != nil || stored.isLocationTriggered:
                // Scheduled from the store's index; its record stays in the store, read when needed.
                let inserted = schedule.insert(stored)
                if !inserted.dropped.isEmpty { dropped += inserted.dropped }
                continue
            case .stored(let stored):
                // Undated and not a location trigger (few): read now, for its calendar date.
                record = source.record(bundleIdentifier: stored.bundleIdentifier, identifier: stored.identifier,
                                       nextFireDate: nil)
            }
            if record.nextFireDate == nil, let trigger = record.request.trigger, case .calendar = trigger {
                record.nextFireDate = TriggerSchedule.firstFireDate(trigger, scheduledAt: record.scheduledAt)
            }
            dropped += schedule.insert(record).dropped
        }
        let attachmentStore = self.attachmentStore
        for record in dropped {
            try store.removePending(bundleIdentifier: record.bundleIdentifier, identifiers: [record.request.identifier])
            attachmentStore.deleteFiles(of: record.request.content.attachments)
        }
        self.apps = apps
        self.schedule = schedule
        self.focus = try NotificationEngine.loadFocus(from: store)
        self.isFocusIdle = focus.isIdle
        self.announcedFocus = focus.status(at: clock.now(), calendar: clock.calendar)
    }

    // MARK: Events

    /// Calls `handler` synchronously, inside the actor, for every event as it happens.
    public func observe(_ handler: @escaping @Sendable (CenterEvent) -> Void) {
        _ = addObserver(handler)
    }

    /// Like `observe`, returning an id for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (CenterEvent) -> Void) -> UInt64 {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        return nextObserverID
    }

    public func removeObserver(_ id: UInt64) {
        observers.removeAll { $0.id == id }
    }

    /// Every event from now on, starting with a `.promptRequested` for each prompt still
    /// waiting (so a user interface that subscribes late shows them).
    public func events() async -> AsyncStream<CenterEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: CenterEvent.self, bufferingPolicy: .unbounded)
        let id = addObserver { continuation.yield($0) }
        for prompt in promptBroker.pending { continuation.yield(.promptRequested(prompt)) }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    func emit(_ event: CenterEvent) {
        switch event {
        // The changes of history the tracker follows (asked here: no access to it for the others).
        case .delivered, .updated, .deleted, .cleared: newestUnread.apply(event)
        default: break
        }
        for observer in observers { observer.handler(event) }
    }

    // MARK: Apps

    /// The app's record, made (and saved, and announced) on first contact.
    @discardableResult
    func ensureApp(_ bundleIdentifier: String) -> AppRecord {
        if let app = apps[bundleIdentifier] { return app }
        return makeApp(bundleIdentifier)
    }

    @discardableResult
    private func makeApp(_ bundleIdentifier: String) -> AppRecord {
        let app = AppRecord(bundleIdentifier: bundleIdentifier)
        saveApp(app)
        return app
    }

    /// Stores and announces a changed app record. Store failures are not fatal here: the record
    /// stays in memory and is written again with the next change. A new app the center has no
    /// room for (`appLimit`) is not kept.
    func saveApp(_ app: AppRecord) {
        guard hasRoom(for: app.bundleIdentifier) else { return }
        apps.setRecord(app)
        try? store.saveApp(app)
        emit(.appChanged(app))
    }

    public func appRecord(bundleIdentifier: String) async -> AppRecord {
        ensureApp(bundleIdentifier)
    }

    /// Registers an app of the user's own (`herald post`, `herald push`): authorized without a
    /// prompt, critical alerts included (`AppRecord.authorizeAsTrusted`). A new app past
    /// `EngineConfiguration.appLimit` is not kept (`admitApp` says why).
    public func registerCommandLineApp(bundleIdentifier: String) async {
        var app = ensureApp(bundleIdentifier)
        guard !(app.isCommandLineApp && app.isAuthorizedAsTrusted) else { return }
        app.isCommandLineApp = true
        app.authorizeAsTrusted()
        saveApp(app)
    }

    /// Registers an app that is authorized without a prompt, as every Linux desktop does for
    /// programs notifying over D-Bus: alerts, sounds, badges and critical alerts (urgency 2, on
    /// by default: `AppRecord.authorizeAsTrusted`). The user can still turn it off, mute it or
    /// turn its Critical Alerts off in its settings. `displayName` is the name the sender gave.
    /// A new app past `EngineConfiguration.appLimit` is not kept (`admitApp` says why).
    public func registerTrustedApp(bundleIdentifier: String, displayName: String) async {
        var app = ensureApp(bundleIdentifier)
        guard !app.isAuthorizedAsTrusted || app.displayName != displayName else { return }
        app.displayName = displayName
        app.authorizeAsTrusted()
        saveApp(app)
    }

    // MARK: Connections

    public func connect(_ connection: any AppConnection, bundleIdentifier: String) async {
        ensureApp(bundleIdentifier)
        connections[bundleIdentifier] = connection
        if foregroundApps.contains(bundleIdentifier) { apps.state(for: bundleIdentifier).foregroundConnection = connection }
        await handOverQueuedResponses(bundleIdentifier)
        if let userInfo = heldBackgroundPushes.removeValue(forKey: bundleIdentifier),
           connections[bundleIdentifier] === connection {
            _ = await runBackgroundHandler(connection, userInfo: userInfo)
        }
    }

    public func disconnect(bundleIdentifier: String) async {
        connections[bundleIdentifier] = nil
        foregroundApps.remove(bundleIdentifier)
        apps.existingState(bundleIdentifier)?.foregroundConnection = nil
    }

    public func setForeground(_ isForeground: Bool, bundleIdentifier: String) async {
        ensureApp(bundleIdentifier)
        if isForeground {
            foregroundApps.insert(bundleIdentifier)
            apps.state(for: bundleIdentifier).foregroundConnection = connections[bundleIdentifier]
        } else {
            foregroundApps.remove(bundleIdentifier)
            apps.existingState(bundleIdentifier)?.foregroundConnection = nil
        }
    }

    // MARK: Categories

    public func setCategories(_ categories: [CategoryRecord], bundleIdentifier: String) async {
        var app = ensureApp(bundleIdentifier)
        app.categories = categories
        saveApp(app)
    }

    public func categories(bundleIdentifier: String) async -> [CategoryRecord] {
        ensureApp(bundleIdentifier).categories
    }

    // MARK: Badge, token, extension

    public func setBadgeCount(_ count: Int, bundleIdentifier: String) async throws {
        guard (0...RequestLimits.maximumBadge).contains(count) else {
            throw UNError(.badgeInputInvalid,
                          detail: "badge count is \(count); it must be from 0 to \(RequestLimits.maximumBadge)")
        }
        var app = ensureApp(bundleIdentifier)
        guard app.badge != count else { return }
        app.badge = count
        saveApp(app)
    }

    public func deviceToken(bundleIdentifier: String) async -> Data {
        var app = ensureApp(bundleIdentifier)
        if let token = app.deviceToken { return token }
        var generator = SystemRandomNumberGenerator()
        let token = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        app.deviceToken = token
        saveApp(app)
        return token
    }

    public func setServiceExtension(_ host: (any ServiceExtensionHost)?, bundleIdentifier: String) async {
        ensureApp(bundleIdentifier)
        serviceExtensions[bundleIdentifier] = host
    }
}
