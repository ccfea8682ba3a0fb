import Foundation

/// Focus and the scheduled summary (`Focus/`): the engine keeps one `FocusState`, saves it in the
/// store's key-value table after every change, and moves it on with the clock — at every
/// `fireDue` (the daemon's run loop wakes at `nextFocusChange()`) and after every change.
///
/// A Focus that ended (its timer ran out, its window closed, it was turned off or replaced —
/// also while the center was down) delivers one summary notification from
/// `FocusRules.summaryBundleIdentifier` when it held anything; so does a scheduled summary
/// that is due.
extension NotificationEngine {
    // MARK: Reading and changing

    /// The modes, the Focus that is on, and the summaries' state.
    public func focusOverview() async throws -> FocusOverview {
        advanceFocus()
        return focus.overview(at: clock.now(), calendar: clock.calendar)
    }

    /// Applies a change, saves it, announces it, and delivers any summary it ends.
    @discardableResult
    public func changeFocus(_ change: FocusChange) async throws -> FocusOverview {
        advanceFocus()
        let now = clock.now()
        let calendar = clock.calendar
        var state = focus
        switch change {
        case .turnOn(let name, let end):
            try end.validate()
            guard let mode = state.mode(named: name) else { throw FocusError.unknownMode(name) }
            state.manual = FocusState.ManualFocus(name: mode.name, until: end.endDate(from: now, calendar: calendar))
            state.scheduleSkippedUntil = nil
        case .turnOff:
            state.manual = nil
            if let scheduled = state.status(at: now, calendar: calendar), let end = scheduled.endsAt {
                state.scheduleSkippedUntil = end
            }
        case .saveMode(let mode):
            try mode.validate()
            if let index = state.modes.firstIndex(where: { $0.isNamed(mode.name) }) {
                state.modes[index] = mode
            } else {
                guard state.modes.count < FocusState.modeLimit else {
                    throw FocusError.invalid(field: "modes", reason: "there are \(state.modes.count); the limit is \(FocusState.modeLimit)")
                }
                state.modes.append(mode)
            }
        case .removeMode(let name):
            guard let index = state.modes.firstIndex(where: { $0.isNamed(name) }) else { throw FocusError.unknownMode(name) }
            guard !state.modes[index].isNamed(FocusMode.doNotDisturbName) else { throw FocusError.builtInMode(name) }
            state.modes.remove(at: index)
            if state.manual.map({ $0.name.caseInsensitiveCompare(name) == .orderedSame }) == true { state.manual = nil }
        case .setSummaryTimes(let times):
            guard !times.isEmpty else {
                throw FocusError.invalid(field: "summaryTimes", reason: "give at least one time (HH:MM)")
            }
            guard times.count <= FocusState.summaryTimesLimit else {
                throw FocusError.invalid(field: "summaryTimes",
                                         reason: "has \(times.count) times; the limit is \(FocusState.summaryTimesLimit)")
            }
            state.summaryTimes = Array(Set(times)).sorted()
            if !state.collected.isEmpty { state.summaryDueAt = state.nextSummaryTime(after: now, calendar: calendar) }
        }
        try saveFocus(state)
        advanceFocus()
        wake.signal()
        await deliverFocusOutbox()
        return focus.overview(at: clock.now(), calendar: clock.calendar)
    }

    // MARK: Delivery hooks

    /// What Focus and the scheduled summary do with a notification from `app` now.
    func focusVerdict(app: AppRecord, content: ContentRecord) -> FocusRules.Verdict {
        advanceFocus()
        let active = announcedFocus.flatMap { focus.mode(named: $0.name) }
        return FocusRules.verdict(app: app, content: content, focus: active)
    }

    /// Remembers a held or collected notification (stored in history as `record`) for its summary.
    func noteKeptQuiet(_ record: DeliveredRecord, verdict: FocusRules.Verdict, app: AppRecord) {
        guard verdict == .hold || verdict == .collect else { return }   // before making the item
        let item = HeldNotification(record, appName: app.displayName)
        var state = focus
        switch verdict {
        case .present, .presentCritical: return
        case .hold:
            guard state.session != nil else { return }
            state.session?.held.append(item)
        case .collect:
            state.collected.append(item)
            if state.summaryDueAt == nil {
                state.summaryDueAt = state.nextSummaryTime(after: clock.now(), calendar: clock.calendar)
            }
        }
        try? saveFocus(state)
        wake.signal()
    }

    // MARK: Moving with the clock

    /// Moves Focus on to the clock's time, then delivers any summary that is due.
    func refreshFocus() async {
        advanceFocus()
        await deliverFocusOutbox()
    }

    /// The next time Focus may change or a summary is due (the run loop wakes then).
    public func nextFocusChange() -> Date? {
        focus.nextChange(after: clock.now(), calendar: clock.calendar)
    }

    /// Ends timers and windows that are over, starts a session for the Focus that is on, queues
    /// the summaries of what ended, and announces a changed Focus. Saves when anything changed.
    func advanceFocus() {
        // Nothing is on, held, collected or scheduled: nothing can change (every delivery asks).
        if isFocusIdle && announcedFocus == nil { return }
        let now = clock.now()
        let calendar = clock.calendar
        var state = focus
        if let until = state.manual?.until, until <= now { state.manual = nil }
        if let skipped = state.scheduleSkippedUntil, skipped <= now { state.scheduleSkippedUntil = nil }
        let status = state.status(at: now, calendar: calendar)
        if let session = state.session, session.name != status?.name {
            if !session.held.isEmpty { focusOutbox.append(FocusSummary.focusEnded(name: session.name, held: session.held)) }
            state.session = nil
        }
        if let status, state.session == nil {
            state.session = FocusState.Session(name: status.name, startedAt: now)
        }
        if let due = state.summaryDueAt, due <= now {
            if !state.collected.isEmpty { focusOutbox.append(FocusSummary.scheduled(state.collected)) }
            state.collected = []
            state.summaryDueAt = nil
        }
        if state != focus { try? saveFocus(state) }
        if status != announcedFocus {
            let wasOn = announcedFocus != nil
            announcedFocus = status
            if wasOn != (status != nil) { emit(.doNotDisturbChanged(status != nil)) }
            emit(.focusChanged(status))
        }
    }

    /// Delivers the queued summaries from Herald's summary app.
    func deliverFocusOutbox() async {
        guard !focusOutbox.isEmpty else { return }
        let contents = focusOutbox
        focusOutbox = []
        ensureSummaryApp()
        for content in contents {
            let request = RequestRecord(identifier: "summary-\(UUID().uuidString)", content: content)
            await deliver(request, bundleIdentifier: FocusRules.summaryBundleIdentifier, ownsAttachments: true)
        }
    }

    /// Herald's own summary app: authorized for banners, named "Summary".
    private func ensureSummaryApp() {
        var app = apps[FocusRules.summaryBundleIdentifier]
            ?? AppRecord(bundleIdentifier: FocusRules.summaryBundleIdentifier, displayName: "Summary")
        guard app.authorizationStatus != .authorized || !app.isCommandLineApp else { return }
        app.authorizationStatus = .authorized
        app.authorizedOptions = [.alert, .sound, .badge]
        app.isCommandLineApp = true
        saveApp(app)
    }

    // MARK: Persistence

    func saveFocus(_ state: FocusState) throws {
        let data = try JSONEncoder().encode(state)
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        try store.setValue(value, forKey: FocusState.storeKey)
        focus = state
    }

    /// The stored Focus; a store from before Focus had only a do-not-disturb switch, which
    /// becomes the built-in mode turned on until turned off.
    static func loadFocus(from store: any NotificationStore) throws -> FocusState {
        if let value = try store.value(forKey: FocusState.storeKey) {
            let data = try JSONEncoder().encode(value)
            return try JSONDecoder().decode(FocusState.self, from: data)
        }
        var state = FocusState()
        if case .bool(true)? = try store.value(forKey: "doNotDisturb") {
            state.manual = FocusState.ManualFocus(name: FocusMode.doNotDisturbName, until: nil)
        }
        return state
    }
}

