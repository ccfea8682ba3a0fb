import Foundation

/// Date arithmetic the demo apps share.
public enum DemoSchedule {
    /// The calendar components of the moment `seconds` after `date`, down to the second — what a
    /// `UNCalendarNotificationTrigger` needs to fire then.
    ///
    /// Computed from the date itself, so it is right across minute, hour and day boundaries; the
    /// naive `(second + 5) % 60` with the current minute fires almost a minute late (or at once)
    /// when the current second is 55–59.
    public static func components(_ seconds: TimeInterval, after date: Date,
                                  calendar: Calendar = .current) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                from: date.addingTimeInterval(seconds))
    }
}
