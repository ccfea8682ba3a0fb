import Foundation

extension NotificationEngine {
    // MARK: Adding

    /// Validates the request (`RequestLimits`), checks and moves its attachments into the data
    /// store, then either delivers it at once (no trigger) or schedules it, replacing a pending
    /// request with the same identifier. Over the per-app limit the latest-firing request is
    /// dropped silently — possibly this one.
    public func add(_ request: RequestRecord, bundleIdentifier: String) async throws {
        _ = try await addReportingDropped(request, bundleIdentifier: bundleIdentifier)
    }

    /// `add`, returning the identifiers of the app's requests dropped over the pending limit to
    /// make room — possibly this request's own (the command line says so; Apple's `add` does not).
    public func addReportingDropped(_ request: RequestRecord, bundleIdentifier: String) async throws -> [String] {
        commitGroup.requestsInFlight += 1
        defer { commitGroup.requestsInFlight -= 1 }
        try RequestLimits.validate(bundleIdentifier: bundleIdentifier)
        try RequestLimits.validate(request)
        let bundleIdentifier = try admitAndEnsureApp(bundleIdentifier)
        var request = request
        // The caller's files, deleted once the request is accepted (Apple moves them).
        var originals: [AttachmentRecord] = []
        if !request.content.attachments.isEmpty {
            // (Only then: writing `content` makes a new copy of it.) When nothing will be shown,
            // the caller's files are checked, neither taken nor deleted.
            let taken = try await takeAttachments(request.content.attachments,
                                                  importing: apps[bundleIdentifier]?.canDeliver == true,
                                                  bundleIdentifier: bundleIdentifier)
            request.content.attachments = taken.kept
            originals = taken.originals
        }
        let key = PendingKey(bundleIdentifier: bundleIdentifier, identifier: request.identifier)

        guard let trigger = request.trigger else {
            // Delivered at once; it also replaces a pending request with the same identifier.
            if let replaced = schedule.remove(key) {
                try? store.removePending(bundleIdentifier: bundleIdentifier, identifiers: [request.identifier])
                forgetPending(replaced)
                emit(.pendingChanged(bundleIdentifier: bundleIdentifier))
                wake.signal()
            }
            try await deliverDurably(request, bundleIdentifier: bundleIdentifier)
            attachmentStore.removeOriginals(of: originals)
            return []
        }

        let now = clock.now()
        let record = PendingRecord(bundleIdentifier: bundleIdentifier, request: request, scheduledAt: now,
                                   nextFireDate: TriggerSchedule.firstFireDate(trigger, scheduledAt: now))
        // A request it replaces that is still in the store is read before its row is overwritten.
        schedule.keepStoredRecord(key)
        joinCommitGroup()
        do {
            if let receipt = StoreReceipt.current {
                try store.batch {
                    try store.savePending(record)
                    try receipt.write(to: store)
                }
            } else {
                try store.savePending(record)
            }
        } catch {
            attachmentStore.deleteFiles(of: request.content.attachments)
            throw error
        }
        let result = schedule.insert(record)
        if let replaced = result.replaced { forgetPending(replaced) }
        if !result.dropped.isEmpty {
            try? store.removePending(bundleIdentifier: bundleIdentifier,
                                     identifiers: result.dropped.map(\.request.identifier))
            for dropped in result.dropped { forgetPending(dropped) }
        }
        if case .location(let region, _) = trigger, schedule.record(key) != nil {
            regionInside[key] = deviceLocation.map { region.contains(latitude: $0.latitude, longitude: $0.longitude) }
                ?? false
        }
        emit(.pendingChanged(bundleIdentifier: bundleIdentifier))
        wake.signal()
        // (Checked here first: no call, no frame, when nothing waits to be committed.)
        if commitGroup.isOpen { try await waitForCommit() }
        if !originals.isEmpty { attachmentStore.removeOriginals(of: originals) }
        return result.dropped.isEmpty ? [] : result.dropped.map(\.request.identifier)
    }

    /// A pending request left without firing: its attachment files (once no fire under way
    /// still copies them: `FilesHeldByFires`) and region state go.
    func forgetPending(_ record: PendingRecord) {
        let key = PendingKey(bundleIdentifier: record.bundleIdentifier, identifier: record.request.identifier)
        if !filesHeldByFires.keep(record.request.content.attachments, leftBy: key) {
            attachmentStore.deleteFiles(of: record.request.content.attachments)
        }
        regionInside[key] = nil
    }

    /// Holds the files of a repeating request with attachments for its fire (`FilesHeldByFires`);
    /// returns the key to release, or `nil` when there is nothing to hold.
    func holdFilesForFire(_ request: RequestRecord, bundleIdentifier: String, repeats: Bool) -> PendingKey? {
        guard repeats, !request.content.attachments.isEmpty else { return nil }
        let key = PendingKey(bundleIdentifier: bundleIdentifier, identifier: request.identifier)
        filesHeldByFires.hold(key)
        return key
    }

    /// Ends a hold of `holdFilesForFire`: files the request left behind meanwhile go now.
    func releaseFilesOfFire(_ key: PendingKey?) {
        guard let key else { return }
        attachmentStore.deleteFiles(of: filesHeldByFires.release(key))
    }

    // MARK: Pending

    /// The app's pending requests, soonest first (location triggers last).
    public func pendingRequests(bundleIdentifier: String) async -> [RequestRecord] {
        schedule.records(bundleIdentifier: bundleIdentifier).map(\.request)
    }

    /// The app's pending requests with their scheduling state.
    public func pendingRecords(bundleIdentifier: String) -> [PendingRecord] {
        schedule.records(bundleIdentifier: bundleIdentifier)
    }

    /// How many requests are pending across all apps.
    public func pendingCount() -> Int { schedule.count }

    /// The next time anything is due, if any.
    public func nextFireDate() -> Date? { schedule.nextFireDate() }

    /// Removes pending requests; identifiers that are not pending (already fired) are ignored.
    public func removePendingRequests(identifiers: [String], bundleIdentifier: String) async {
        var removed: [PendingRecord] = []
        for identifier in identifiers {
            if let record = schedule.remove(PendingKey(bundleIdentifier: bundleIdentifier, identifier: identifier)) {
                removed.append(record)
            }
        }
        guard !removed.isEmpty else { return }
        try? store.removePending(bundleIdentifier: bundleIdentifier, identifiers: removed.map(\.request.identifier))
        for record in removed { forgetPending(record) }
        emit(.pendingChanged(bundleIdentifier: bundleIdentifier))
        wake.signal()
    }

    public func removeAllPendingRequests(bundleIdentifier: String) async {
        let removed = schedule.removeAll(bundleIdentifier: bundleIdentifier)
        try? store.removeAllPending(bundleIdentifier: bundleIdentifier)
        guard !removed.isEmpty else { return }
        for record in removed { forgetPending(record) }
        emit(.pendingChanged(bundleIdentifier: bundleIdentifier))
        wake.signal()
    }

    // MARK: Firing

    /// Delivers everything due at `clock.now()`, in fire-date order, through the full pipeline;
    /// returns after every delegate call it made has finished. Repeating requests move to their
    /// next date (after now), one-shot requests leave the pending list — each in the same store
    /// transaction as its own delivery, so stopping the daemon at any instant loses none.
    public func fireDue() async {
        await refreshFocus()
        let now = clock.now()
        let fired = schedule.takeDue(now: now, nextDate: TriggerSchedule.nextFireDate)
        guard !fired.isEmpty else { return }
        // Each fired app's state, found once for all its requests (by the schedule's app number,
        // not by hashing its name per request); an app's state, once made, stays.
        var states = [AppState?](repeating: nil, count: schedule.appCount)
        for (app, bundle) in schedule.bundles(of: fired) {
            emit(.pendingChanged(bundleIdentifier: bundle))
            states[app] = apps.state(for: bundle)
        }
        // A repeating request's files stay until its delivery has copied them, even if the app
        // replaces or removes it while this fire awaits it (held for every fired request at once:
        // a later one waits its turn behind an earlier one's delegate).
        for index in fired.indices where fired[index].holdsFiles { filesHeldByFires.hold(fired[index].key) }
        // Each fired record is let go right after its delivery, while its content is still in the
        // cache (releasing a million of them at the end would miss the cache once each).
        var remaining = consume fired
        remaining.withUnsafeMutableBufferPointer { $0.reverse() }   // moves, where Array's reverse copies
        while let item = remaining.popLast() {
            let write: FiredPendingWrite = item.rescheduled.map { .reschedule($0) } ?? .remove
            await deliver(item.record.request, bundleIdentifier: item.record.bundleIdentifier,
                          ownsAttachments: item.nextFireDate == nil, firing: write, taken: item.taken,
                          app: states[item.app])
            if item.holdsFiles { releaseFilesOfFire(item.key) }
        }
    }

    /// The real-time scheduler for the daemon: sleeps on the clock until the next fire date
    /// (woken early when the schedule changes), calls `fireDue`, and repeats until cancelled.
    public func run() async {
        let clock = self.clock
        let wake = self.wake
        while !Task.isCancelled {
            await fireDue()
            let next = [schedule.nextFireDate(), nextFocusChange()].compactMap { $0 }.min()
            await withTaskGroup(of: Void.self) { group in
                if let next {
                    group.addTask { try? await clock.sleep(until: next) }
                }
                group.addTask { await wake.wait() }
                _ = await group.next()
                group.cancelAll()
            }
        }
    }
}

extension RegionRecord {
    /// Whether a point is inside the circle (haversine distance ≤ radius).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        RegionRecord.distance(latitude1: self.latitude, longitude1: self.longitude,
                              latitude2: latitude, longitude2: longitude) <= radius
    }

    /// Great-circle distance in metres (haversine, mean Earth radius 6,371,008.8 m).
    public static func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let earthRadius = 6_371_008.8
        let toRadians = Double.pi / 180
        let dLat = (latitude2 - latitude1) * toRadians
        let dLon = (longitude2 - longitude1) * toRadians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude1 * toRadians) * cos(latitude2 * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
