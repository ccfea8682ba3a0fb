import Foundation

extension NotificationEngine {
    /// Acts on a delivered notification as the user.
    ///
    /// Validates the action (an unknown delivery id, an action that is not in the notification's
    /// category, or a reply to an action without text input throws `EngineError`), records the
    /// response, marks the notification read and removes it from the list (a resident one stays
    /// after an action). The response then goes
    /// to the app's `didReceive` — awaited — when the app is connected, else it waits in the store
    /// until the app connects. A dismissal reaches the app only when the category has
    /// `.customDismissAction`.
    public func respond(deliveryID: Int64, action: ResponseAction) async throws {
        guard var delivered = try store.delivered(id: deliveryID) else {
            throw EngineError.unknownDelivery(deliveryID: deliveryID)
        }
        let bundle = delivered.bundleIdentifier
        let app = ensureApp(bundle)
        let categoryID = delivered.content.categoryIdentifier
        let category = app.category(categoryID)
        switch action {
        case .open, .dismiss:
            break
        case .action(let identifier):
            guard category?.actions.contains(where: { $0.identifier == identifier }) == true else {
                throw EngineError.unknownAction(actionIdentifier: identifier, categoryIdentifier: categoryID)
            }
        case .reply(let identifier, _):
            guard let found = category?.actions.first(where: { $0.identifier == identifier }) else {
                throw EngineError.unknownAction(actionIdentifier: identifier, categoryIdentifier: categoryID)
            }
            guard found.textInput != nil else { throw EngineError.notTextInputAction(actionIdentifier: identifier) }
        }

        let before = delivered
        delivered.isRead = true
        // A resident notification (desktop `resident` hint) stays in the list after an action.
        let staysInList = delivered.content.traits?.isResident == true && action != .dismiss
        delivered.isRemovedFromList = delivered.isRemovedFromList || !staysInList
        let reachesApp = action != .dismiss || category?.options.contains(.customDismissAction) == true
        var response = ResponseRecord(notification: delivered, action: action, date: clock.now(),
                                      isDeliveredToApp: !reachesApp)
        try store.batch {
            try store.updateDelivered(delivered)
            response = try store.insertResponse(response)
        }
        emit(.updated(delivered))
        countReadChange([before], isRead: true)
        emit(.responded(response))
        guard reachesApp, let connection = connections[bundle], !drainingResponses.contains(bundle) else { return }
        await connection.didReceive(response)
        try? store.markResponseDeliveredToApp(id: response.responseID)
    }

    /// Hands the app every queued response, oldest first. Responses made meanwhile queue behind
    /// them, so the app sees them in order.
    func handOverQueuedResponses(_ bundleIdentifier: String) async {
        guard !drainingResponses.contains(bundleIdentifier) else { return }
        drainingResponses.insert(bundleIdentifier)
        defer { drainingResponses.remove(bundleIdentifier) }
        while let connection = connections[bundleIdentifier] {
            let queued = (try? store.undeliveredResponses(bundleIdentifier: bundleIdentifier)) ?? []
            guard !queued.isEmpty else { return }
            for response in queued {
                guard connections[bundleIdentifier] === connection else { break }
                await connection.didReceive(response)
                try? store.markResponseDeliveredToApp(id: response.responseID)
            }
        }
    }
}

extension NotificationEngine {
    /// Moves the simulated device. Location triggers whose region was entered (with
    /// `notifyOnEntry`) or left (with `notifyOnExit`) fire; one-shot ones then leave the pending
    /// list. Before the first move the device is outside every region.
    public func moveDevice(to latitude: Double, _ longitude: Double) async {
        deviceLocation = (latitude, longitude)
        var firing: [PendingRecord] = []
        for (key, _) in schedule.locationKeys.sorted(by: { $0.value < $1.value }) {
            guard let record = schedule.record(key), case .location(let region, _) = record.request.trigger else {
                continue
            }
            let inside = region.contains(latitude: latitude, longitude: longitude)
            let wasInside = regionInside[key] ?? false
            regionInside[key] = inside
            if (inside && !wasInside && region.notifyOnEntry) || (!inside && wasInside && region.notifyOnExit) {
                firing.append(record)
            }
        }
        guard !firing.isEmpty else { return }
        var changedApps: [String] = []
        var taken: [PendingSchedule.Taken?] = []
        var held: [PendingKey?] = []
        for record in firing {
            // A repeating request stays pending: its files are held until its delivery copied them.
            held.append(holdFilesForFire(record.request, bundleIdentifier: record.bundleIdentifier,
                                         repeats: record.request.trigger?.repeats == true))
            guard record.request.trigger?.repeats != true else {
                taken.append(nil)
                continue
            }
            let key = PendingKey(bundleIdentifier: record.bundleIdentifier, identifier: record.request.identifier)
            taken.append(schedule.takeOneShot(key))
            regionInside[key] = nil
            if !changedApps.contains(record.bundleIdentifier) { changedApps.append(record.bundleIdentifier) }
        }
        for bundle in changedApps { emit(.pendingChanged(bundleIdentifier: bundle)) }
        for (index, record) in firing.enumerated() {
            // A one-shot's pending row leaves in the delivery's own transaction.
            await deliver(record.request, bundleIdentifier: record.bundleIdentifier, ownsAttachments: taken[index] != nil,
                          firing: taken[index] == nil ? nil : .remove, taken: taken[index])
            releaseFilesOfFire(held[index])
        }
    }
}
