import Foundation

/// When triggers fire, for every kind of trigger.
///
/// ```swift
/// let first = TriggerSchedule.firstFireDate(.timeInterval(seconds: 60, repeats: true), scheduledAt: now)
/// // now + 60
/// ```
public enum TriggerSchedule {
    /// The first fire date of a trigger added at `scheduledAt`; `nil` for location and push
    /// triggers, and for calendar triggers that match no future date.
    public static func firstFireDate(_ trigger: TriggerRecord, scheduledAt: Date) -> Date? {
        switch trigger {
        case .timeInterval(let seconds, _):
            guard seconds > 0, seconds.isFinite else { return nil }
            return scheduledAt.addingTimeInterval(seconds)
        case .calendar(let components, _):
            return CalendarMatcher.nextDate(after: scheduledAt, matching: components)
        case .location, .push:
            return nil
        }
    }

    /// The next fire date of a pending request strictly after `date` (for a repeating request that
    /// just fired, or `nextTriggerDate()`).
    public static func nextFireDate(_ record: PendingRecord, after date: Date) -> Date? {
        guard let trigger = record.request.trigger else { return nil }
        switch trigger {
        case .timeInterval(let seconds, let repeats):
            return TimeIntervalTriggerRule.nextFireDate(scheduledAt: record.scheduledAt, interval: seconds,
                                                        repeats: repeats, after: date)
        case .calendar(let components, _):
            return CalendarMatcher.nextDate(after: date, matching: components)
        case .location, .push:
            return nil
        }
    }
}
