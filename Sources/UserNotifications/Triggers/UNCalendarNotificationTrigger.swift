import Foundation
import HeraldCore

/// Fires at the next date matching the given components; when repeating, at every match.
///
/// Only the components you give are matched: units larger than the largest given unit are free,
/// smaller units you leave out take their minimum (`hour = 8` fires at 08:00:00). Give the
/// components' own `calendar`/`timeZone`, or the current ones apply.
///
/// ```swift
/// var tuesdays = DateComponents()
/// tuesdays.weekday = 3
/// tuesdays.hour = 14
/// let trigger = UNCalendarNotificationTrigger(dateMatching: tuesdays, repeats: true)
/// ```
// unchecked: a subclass of `UNNotificationTrigger` restates its conformance; only `let`s.
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components to match, as given.
    public let dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The next matching date after now (the center's clock), or `nil` when there is none (a
    /// past year).
    public func nextTriggerDate() -> Date? {
        CalendarMatcher.nextDate(after: NotificationSystemRegistry.now(), matching: CalendarComponents(dateComponents))
    }

    override var record: TriggerRecord {
        .calendar(CalendarComponents(dateComponents), repeats: repeats)
    }

    public override var description: String {
        "<UNCalendarNotificationTrigger: repeats: \(repeats), dateComponents: \(dateComponents)>"
    }
}
