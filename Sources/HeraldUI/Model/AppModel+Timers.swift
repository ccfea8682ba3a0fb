import Foundation

extension AppModel {
    /// Seconds a status message stays in the status line.
    static let statusLifetime: TimeInterval = 6

    /// The next moment after `now` at which the model changes by itself, on a `.tick`: a banner's
    /// time is up, the status message goes, a banner's key grace ends, the header clock turns a
    /// minute. The runtime sleeps until then unless a key or a message comes first — an idle UI
    /// wakes once a minute.
    ///
    /// ```swift
    /// model.nextTimer   // 14:06:00 for a quiet screen at 14:05:12
    /// ```
    public var nextTimer: Date? {
        var dates = [nextMinute]
        dates += banner.shown.compactMap(bannerExpiry)
        if let status { dates.append(statusExpiry(status)) }
        if let moved = banner.focusMovedAt { dates.append(moved.addingTimeInterval(config.bannerKeyGrace)) }
        return dates.filter { $0 > now }.min()
    }

    /// Whether a timer is already due that a `.tick` would act on: a banner whose time ran out
    /// while it was being replied to, once the reply is closed. The runtime ticks again at once
    /// rather than at the next wake-up.
    public var timerIsDue: Bool {
        banner.shown.contains { bannerExpiry($0).map { now >= $0 } ?? false }
            || status.map { now >= statusExpiry($0) } ?? false
    }

    /// When the header clock (hours and minutes) next changes.
    var nextMinute: Date {
        Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
    }

    /// When `item` goes into the list by itself; `nil` while it stays (sticky, not yet on screen,
    /// or being replied to).
    func bannerExpiry(_ item: BannerItem) -> Date? {
        guard !item.isSticky, let shown = item.shownAt, !isReplying(to: item) else { return nil }
        let timeout = item.record.content.traits?.bannerTimeout
            ?? config.bannerTimeout(for: item.record.content.interruptionLevel)
        return shown.addingTimeInterval(timeout)
    }

    /// When `status` leaves the status line.
    func statusExpiry(_ status: StatusMessage) -> Date {
        status.date.addingTimeInterval(Self.statusLifetime)
    }
}
