import Foundation

extension NotificationEngine {
    // MARK: Delivered notifications (the app's view)

    /// The app's notifications still in the list, newest first.
    public func deliveredNotifications(bundleIdentifier: String) async -> [DeliveredRecord] {
        (try? store.deliveredInList(bundleIdentifier: bundleIdentifier, identifiers: nil)) ?? []
    }

    /// Takes notifications off the list; they stay in history.
    public func removeDeliveredNotifications(identifiers: [String], bundleIdentifier: String) async {
        guard !identifiers.isEmpty else { return }
        let records = (try? store.deliveredInList(bundleIdentifier: bundleIdentifier, identifiers: identifiers)) ?? []
        removeFromList(records)
    }

    public func removeAllDeliveredNotifications(bundleIdentifier: String) async {
        let records = (try? store.deliveredInList(bundleIdentifier: bundleIdentifier, identifiers: nil)) ?? []
        removeFromList(records)
    }

    /// Off the list, and read: a notification taken off the list no longer waits for the user,
    /// so an open UI drops its unread mark and banner at once (the `.updated` event).
    private func removeFromList(_ records: [DeliveredRecord]) {
        var changed: [DeliveredRecord] = []
        for var record in records {
            let before = record
            record.isRemovedFromList = true
            record.isRead = true
            guard (try? store.updateDelivered(record)) != nil else { continue }
            changed.append(before)
            emit(.updated(record))
        }
        countReadChange(changed, isRead: true)
    }

    /// Marks deliveries whose sender can no longer be reached (a desktop notification's sender
    /// left the bus): their traits say so, and an `.updated` event tells the user interfaces.
    public func markSenderGone(deliveryIDs: [Int64]) async {
        for id in deliveryIDs {
            guard var record = try? store.delivered(id: id), var traits = record.content.traits,
                  !traits.isSenderGone else { continue }
            traits.isSenderGone = true
            record.request.content.traits = traits
            guard (try? store.updateDeliveredContent(record)) != nil else { continue }
            emit(.updated(record))
        }
    }

    // MARK: CenterControl

    /// The apps in the byte order of their bundle identifiers (`UTF8Order`: for reverse-DNS
    /// names the alphabetical one), the identifiers compared as bytes in one buffer: sorting the
    /// records by `String`'s `<` took ~4 M instructions for 1,100 apps.
    public func apps() async throws -> [AppRecord] {
        let records = apps.records
        return UTF8Order.sortedPositions(of: records.lazy.map { $0.bundleIdentifier }).map { records[$0] }
    }

    /// The app whose device token is `token` (of several, the first in byte order of their
    /// bundle identifiers); `nil` when none has it. One pass over the apps, no list made: a push
    /// addressed by device token used to list and sort every app for it.
    public func bundleIdentifier(withDeviceToken token: Data) -> String? {
        apps.bundleIdentifier(withDeviceToken: token)
    }

    public func markRead(deliveryIDs: [Int64], isRead: Bool) async throws {
        var changed: [DeliveredRecord] = []
        try store.batch {
            for id in deliveryIDs {
                guard var record = try store.delivered(id: id), record.isRead != isRead else { continue }
                record.isRead = isRead
                try store.updateDelivered(record)
                changed.append(record)
            }
        }
        for record in changed { emit(.updated(record)) }
        countReadChange(changed.map { record in
            var before = record
            before.isRead = !isRead
            return before
        }, isRead: isRead)
    }

    public func deleteHistory(deliveryIDs: [Int64]) async throws {
        guard !deliveryIDs.isEmpty else { return }
        var seen = Set<Int64>()
        let removed = deliveryIDs.filter { seen.insert($0).inserted }.compactMap { try? store.delivered(id: $0) }
        try store.deleteDelivered(ids: deliveryIDs)
        emit(.deleted(deliveryIDs: deliveryIDs))
        countRemoval(removed)
        moveKeptTotal(by: -removed.count)
    }

    public func clearHistory(bundleIdentifier: String?) async throws {
        try store.deleteAllDelivered(bundleIdentifier: bundleIdentifier)
        emit(.cleared(bundleIdentifier: bundleIdentifier))
        countCleared(bundleIdentifier)
    }

    /// Sets an app's badge from the UI (`0` clears it); negative counts throw `badgeInputInvalid`.
    public func setBadge(_ count: Int, bundleIdentifier: String) async throws {
        try await setBadgeCount(count, bundleIdentifier: bundleIdentifier)
    }

    /// Changes an app's settings. Turning "Allow Notifications" on for a denied app authorizes it
    /// from then on (Apple's rule: the user can allow a denied app later in Settings).
    public func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {
        var app = ensureApp(bundleIdentifier)
        app.settings = settings
        app.allowAgainIfDenied()
        try store.saveApp(app)
        saveApp(app)
    }

    /// Whether any Focus is on (the built-in Do Not Disturb or another mode).
    public func doNotDisturb() async -> Bool { focus.status(at: clock.now(), calendar: clock.calendar) != nil }

    /// On: turns the built-in Do Not Disturb mode on until turned off. Off: turns off whatever
    /// Focus is on.
    public func setDoNotDisturb(_ isOn: Bool) async throws {
        _ = try await changeFocus(isOn ? .turnOn(name: FocusMode.doNotDisturbName, end: .untilTurnedOff) : .turnOff)
    }

    /// Asks the app to show its own notification settings (`openSettingsFor`).
    public func openSettings(bundleIdentifier: String, deliveryID: Int64?) async {
        guard let connection = connections[bundleIdentifier] else { return }
        let record = deliveryID.flatMap { try? store.delivered(id: $0) }
        await connection.openSettings(for: record)
    }
}
