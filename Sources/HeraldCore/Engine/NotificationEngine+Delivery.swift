import Foundation

extension NotificationEngine {
    /// The delivery pipeline (docs/CONTRACTS.md), for one request:
    ///
    /// 1. Not authorized, or notifications turned off → nothing is presented.
    /// 2. App in the foreground and connected → its `willPresent` decides (`noDelegate` → the
    ///    system's presentation; `notImplemented` / `timedOut` → nothing). Otherwise the system
    ///    presents from the app's settings.
    /// 3. The options are narrowed by authorization, settings, the content, the interruption
    ///    level and do-not-disturb (`effectivePresentation`).
    /// 4. The badge is applied when `.badge` remains.
    /// 5. Shown (`.banner` or `.list`) → stored in history, replacing a delivered notification
    ///    with the same identifier. The configuration's rules (`EngineConfiguration.rules`) may
    ///    change the level and banner timeout first, and take the banner and sound away (mute)
    ///    or keep it out of history (`.list` removed, nothing stored).
    /// 6. A `.sound` goes to the sound output, if any (`EngineConfiguration.soundOutput`).
    /// 7. A `.delivered` event is emitted for every request, with `[]` when nothing was shown;
    ///    then the matching rules' programs run, unless the app may not notify.
    ///
    /// `ownsAttachments`: the request's attachment files belong to this delivery (a one-shot
    /// request); otherwise (a repeating one) the delivery gets its own copies.
    ///
    /// The history write joins the engine's commit group; a caller that acknowledges the request
    /// waits for `waitForCommit()` and checks `storeError` (`deliverDurably`).
    ///
    /// `firing`: the request fired from the pending list; its pending row is removed (or moved to
    /// the next date) in the same transaction as the history write, never before it — unless the
    /// schedule no longer holds the request as the fire took it (`taken`): the app replaced or
    /// removed it meanwhile, and that change wrote the row. Otherwise the front door's
    /// `StoreReceipt.current`, if any, is written in that transaction (or alone when nothing is
    /// kept).
    ///
    /// `app`: the app's state (`apps.state(for: bundleIdentifier)`), when the caller found it
    /// already.
    @discardableResult
    func deliver(_ scheduled: RequestRecord, bundleIdentifier: String, ownsAttachments: Bool,
                 firing: FiredPendingWrite? = nil, taken: PendingSchedule.Taken? = nil,
                 app known: AppState? = nil) async -> Delivery {
        // `scheduled` is the request as its app made it: what stays pending for a repeating one.
        let rules = configuration.rules.isEmpty ? RuleOutcome()
            : configuration.rules.outcome(bundleIdentifier: bundleIdentifier, content: scheduled.content)
        let request = rules.level == nil && rules.timeout == nil ? scheduled : Self.applying(rules, to: scheduled)
        // The app's record, connection and counts, found once for the whole delivery.
        let app = known ?? apps.state(for: bundleIdentifier)
        var current = app.record ?? ensureApp(bundleIdentifier)
        var record = DeliveredRecord(bundleIdentifier: bundleIdentifier, request: request, date: clock.now(),
                                     presentation: [])
        var requested: UNNotificationPresentationOptions = []
        // Whether the engine may have run other work meanwhile (the delegate was awaited).
        var suspended = false
        if current.canDeliver {
            if let connection = app.foregroundConnection {
                let decision: PresentationDecision
                if let answer = presentationWithoutWaiting(connection, record) {
                    decision = answer
                } else {
                    decision = await askWillPresent(connection, record)
                    suspended = true
                }
                switch decision {
                case .noDelegate: requested = systemPresentation(for: app.record ?? current, of: request)
                case .notImplemented, .timedOut: requested = []
                case .options(let options): requested = options
                }
            } else {
                requested = systemPresentation(for: current, of: request)
            }
        }
        // The app may have changed while its delegate was asked.
        if suspended, let changed = app.record { current = changed }
        let (presentation, verdict, badge) = narrow(requested, app: current, request: request, rules: rules)
        record.presentation = presentation

        if let badge, current.badge != badge {
            current.badge = badge
            saveApp(current)
        }
        // The app may have replaced or removed a fired request since it was taken (while this or
        // an earlier delivery of the same fire awaited): its row is not the fire's to write then.
        // No suspension from here to the write; the usual case (nothing changed) is one compare.
        var writesPending = false
        if let taken {
            writesPending = schedule.changes == taken.changes
                || schedule.stillHolds(taken, identifier: scheduled.identifier)
        }

        var replacedID: Int64?
        var replaced: [DeliveredRecord] = []
        var storeError: (any Error)?
        var removedByRetention: [String: HistoryCounts] = [:]
        // Kept when listed, or shown as a banner (its buttons answer a stored delivery) — unless
        // a rule says not to keep it: then the banner only informs (delivery id 0).
        if presentation.contains(.list) || (presentation.contains(.banner) && rules.keepInHistory) {
            if !ownsAttachments {
                record.request.content.attachments = request.content.attachments.map {
                    attachmentStore.duplicate($0, bundleIdentifier: bundleIdentifier)
                }
            }
            joinCommitGroup()
            do {
                let old: [DeliveredRecord]
                if let firing {
                    // The pending row, the replaced deliveries and the new one in one call.
                    var inserted = writesPending ? try firing.insert(record, into: store)
                        : try store.insertReplacing(record, removingPending: false, alongside: nil)
                    // Moved out of the result (a copy would retain each of the record's fields).
                    swap(&record, &inserted.stored)
                    old = inserted.replaced
                } else {
                    // A fresh identifier (the door's word) has nothing to replace.
                    old = FreshIdentifier.covers(request.identifier) ? []
                        : try store.deliveredInList(bundleIdentifier: bundleIdentifier, identifier: request.identifier)
                    let receipt = StoreReceipt.current
                    if old.isEmpty && receipt == nil {
                        // One write is atomic on its own: no transaction around it.
                        record = try store.insertDelivered(record)
                    } else {
                        try store.batch {
                            if !old.isEmpty { try store.deleteDelivered(ids: old.map(\.deliveryID)) }
                            record = try store.insertDelivered(record)
                            try receipt?.write(to: store)
                        }
                    }
                }
                replacedID = old.first?.deliveryID
                replaced = old
                removedByRetention = store.takeRemovedByRetention()
            } catch {
                // The store failed: the notification is still shown (the event), not kept, and
                // a caller waiting to acknowledge it is told.
                record.deliveryID = 0
                storeError = error
            }
        } else {
            if let firing {
                if writesPending {
                    joinCommitGroup()
                    try? firing.apply(to: store, request: scheduled, bundleIdentifier: bundleIdentifier)
                }
            } else if let receipt = StoreReceipt.current {
                // Nothing kept, but taken: the front door's receipt says so.
                joinCommitGroup()
                try? receipt.write(to: store)
            }
            if ownsAttachments { attachmentStore.deleteFiles(of: request.content.attachments) }
        }
        if record.deliveryID != 0 { noteKeptQuiet(record, verdict: verdict, app: current) }
        if presentation.contains(.sound), let soundOutput = configuration.soundOutput {
            record.isSoundHandledByCenter = soundOutput(record)
        }
        emit(.delivered(record, replacedDeliveryID: replacedID))
        if !removedByRetention.isEmpty { newestUnread.noteRemovedByStore(removedByRetention, arrived: record.deliveryID) }
        if replacedID != nil || presentation.normalized.contains(.banner) { noteBannerShown(record, replaced: replacedID) }
        // Whatever Focus, mute or history did to it — but not for an app whose notifications are off.
        if !rules.commands.isEmpty, current.canDeliver, let run = configuration.ruleCommands {
            run(rules.commands, record, current.displayName)
        }
        if record.deliveryID != 0 {
            moveKeptTotal(by: 1 - replaced.count - removedByRetention.values.reduce(0) { $0 + $1.total })
            // The store's retention may have removed the app's oldest rows to make room (usually
            // nothing: an empty dictionary is not searched, which would hash the key all the same).
            let trimmed = removedByRetention.isEmpty ? .zero : removedByRetention.removeValue(forKey: bundleIdentifier) ?? .zero
            adjustCounts(of: app, bundleIdentifier: bundleIdentifier,
                         unread: (record.isRead ? 0 : 1) - replaced.count { !$0.isRead } - trimmed.unread,
                         total: 1 - replaced.count - trimmed.total)
        }
        if !removedByRetention.isEmpty {
            for (bundle, trimmed) in removedByRetention.sorted(by: { $0.key < $1.key }) {
                adjustCounts(of: bundle, unread: -trimmed.unread, total: -trimmed.total)
            }
        }
        return Delivery(record: record, storeError: storeError)
    }

    /// The request as the configuration's rules change it: their interruption level and banner
    /// timeout.
    private static func applying(_ rules: RuleOutcome, to scheduled: RequestRecord) -> RequestRecord {
        var request = scheduled
        if let level = rules.level { request.content.interruptionLevel = level }
        if let timeout = rules.timeout {
            var traits = request.content.traits ?? NotificationTraits()
            traits.bannerTimeout = timeout
            request.content.traits = traits
        }
        return request
    }

    /// Step 3 for `request` of `app`: the options that take effect of `requested`, the Focus
    /// verdict, and the badge to apply (step 4; `nil`: none). The request is a parameter here,
    /// so its content is read in place: `deliver`, an `async` function, copied it to read it.
    private func narrow(_ requested: UNNotificationPresentationOptions, app: AppRecord, request: RequestRecord,
                        rules: RuleOutcome)
        -> (presentation: UNNotificationPresentationOptions, verdict: FocusRules.Verdict, badge: Int?) {
        let verdict = focusVerdict(app: app, content: request.content)
        var presentation = FocusRules.presentation(
            NotificationEngine.effectivePresentation(requested, app: app, content: request.content,
                                                     doNotDisturb: false), verdict: verdict)
        if rules.mute { presentation.subtract([.banner, .sound]) }
        if !rules.keepInHistory { presentation.remove(.list) }
        return (presentation, verdict, presentation.contains(.badge) ? request.content.badge : nil)
    }

    /// `systemPresentation(for:content:)` of the request's content, read in place.
    private func systemPresentation(for app: AppRecord, of request: RequestRecord) -> UNNotificationPresentationOptions {
        systemPresentation(for: app, content: request.content)
    }

    /// What `deliver` did: the record (with its `deliveryID` once stored) and, when it was to be
    /// kept in history but the store failed, why.
    struct Delivery {
        var record: DeliveredRecord
        var storeError: (any Error)?
    }

    /// Delivers and returns once the delivery is durable: the request is acknowledged only then.
    /// Throws `EngineError.notStored` when it could not be kept, or the commit's error.
    func deliverDurably(_ request: RequestRecord, bundleIdentifier: String) async throws {
        let delivery = await deliver(request, bundleIdentifier: bundleIdentifier, ownsAttachments: true)
        if let error = delivery.storeError {
            throw EngineError.notStored(identifier: request.identifier, reason: "\(error)")
        }
        try await waitForCommit()
    }

    /// What the system shows for an app in the background: a banner unless the alert style is
    /// none, the list if shown in history, a sound if the content has one and sounds are on, the
    /// badge if badges are on.
    func systemPresentation(for app: AppRecord, content: ContentRecord) -> UNNotificationPresentationOptions {
        var options: UNNotificationPresentationOptions = []
        if app.settings.alertStyle != .none { options.insert(.banner) }
        if app.settings.showInHistory { options.insert(.list) }
        if content.hasSound && app.settings.sounds { options.insert(.sound) }
        if app.settings.badges { options.insert(.badge) }
        return options
    }

    /// The answer of a foreground app's delegate that has it at once
    /// (`willPresentWithoutWaiting`), asked inline — no task, no timer, no suspension; an answer
    /// that took longer than the real-time `delegateTimeout` counts as timed out, as in
    /// `withDeadline`. `nil`: the connection answers only through `askWillPresent`.
    func presentationWithoutWaiting(_ connection: any AppConnection,
                                    _ record: DeliveredRecord) -> PresentationDecision? {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let answer = connection.willPresentWithoutWaiting(record) else { return nil }
        let elapsed = TimeInterval(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
        return elapsed < configuration.delegateTimeout ? answer : .timedOut
    }

    /// Asks a foreground app's delegate through the `async` `willPresent`, with the real-time
    /// `delegateTimeout`.
    func askWillPresent(_ connection: any AppConnection, _ record: DeliveredRecord) async -> PresentationDecision {
        await withDeadline(clock: nil, deadline: .distantFuture, seconds: configuration.delegateTimeout,
                           fallback: PresentationDecision.timedOut) {
            await connection.willPresent(record)
        }
    }
}

extension NotificationEngine {
    /// Narrows requested options to what may take effect:
    /// - nothing unless the app may deliver (authorized or provisional, notifications allowed);
    /// - `.banner` needs `.alert` authorization and an alert style; `.list` needs "show in
    ///   history"; `.sound` needs `.sound` authorization, sounds on and a sound in the content;
    ///   `.badge` needs `.badge` authorization, badges on and a badge in the content;
    /// - no alert text → no `.banner` or `.list` (a badge- or sound-only notification);
    /// - provisional → `.list` only (delivered quietly);
    /// - `.passive` → never a banner or a sound;
    /// - do-not-disturb → no banner or sound, unless the level is `.critical` (with critical
    ///   alerts on) or `.timeSensitive` (with time-sensitive on).
    public static func effectivePresentation(_ requested: UNNotificationPresentationOptions, app: AppRecord,
                                                  content: ContentRecord, doNotDisturb: Bool)
        -> UNNotificationPresentationOptions {
        guard app.canDeliver else { return [] }
        var options = requested.normalized
        let authorized = app.authorizedOptions
        let settings = app.settings
        if !authorized.contains(.alert) || settings.alertStyle == .none { options.remove(.banner) }
        if !settings.showInHistory { options.remove(.list) }
        if !authorized.contains(.sound) || !settings.sounds || !content.hasSound { options.remove(.sound) }
        if !authorized.contains(.badge) || !settings.badges || content.badge == nil { options.remove(.badge) }
        if !content.hasAlertText { options.subtract([.banner, .list]) }
        if app.authorizationStatus == .provisional { options.formIntersection(.list) }
        switch content.interruptionLevel {
        case .passive:
            options.subtract([.banner, .sound])
        case .active:
            if doNotDisturb { options.subtract([.banner, .sound]) }
        case .timeSensitive:
            if doNotDisturb && !settings.timeSensitive { options.subtract([.banner, .sound]) }
        case .critical:
            if doNotDisturb && !settings.criticalAlerts { options.subtract([.banner, .sound]) }
        }
        return options
    }
}
