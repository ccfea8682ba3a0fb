import Foundation

/// Where the engine reads the time. Every trigger and timeout goes through a clock, so tests and
/// the simulator use a `ManualClock` and never sleep.
public protocol NotificationClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Suspends until the clock reaches `date` (at once if it already has). Throws
    /// `CancellationError` when the task is cancelled.
    func sleep(until date: Date) async throws
    /// The zone the person's day is counted in: Focus schedules and "until 14:00" read it.
    /// Defaults to the system's current zone.
    var timeZone: TimeZone { get }
}

extension NotificationClock {
    public var timeZone: TimeZone { TimeZone.current }

    /// A Gregorian calendar in the clock's zone, for wall-clock rules (Focus schedules).
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
