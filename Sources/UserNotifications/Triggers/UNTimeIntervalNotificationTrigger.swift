import Foundation
import HeraldCore

/// Fires a number of seconds after the request is added; when repeating, every that many seconds.
///
/// Apple's rules are enforced when the trigger is made, by trapping (Apple raises an
/// `NSInternalInconsistencyException`): a repeating interval must be at least 60 seconds, and
/// every interval must be greater than 0.
///
/// ```swift
/// let inAnHour = UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false)
/// inAnHour.nextTriggerDate()   // now + 1 h
/// ```
// unchecked: a subclass of `UNNotificationTrigger` restates its conformance; only `let`s.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The interval as given (it does not count down).
    public let timeInterval: TimeInterval

    /// Traps with "time interval must be at least 60 if repeating" or "time interval must be
    /// greater than 0" when the rules are broken.
    public convenience init(timeInterval: TimeInterval, repeats: Bool) {
        if let message = TimeIntervalTriggerRule.validate(interval: timeInterval, repeats: repeats) {
            fatalError(message)
        }
        self.init(validTimeInterval: timeInterval, repeats: repeats)
    }

    init(validTimeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = validTimeInterval
        super.init(repeats: repeats)
    }

    /// Now plus the interval (asked afresh on every call, as on Apple's platforms). "Now" is the
    /// center's clock, so it follows `NotificationSimulator`'s manual clock in tests.
    public func nextTriggerDate() -> Date? {
        NotificationSystemRegistry.now().addingTimeInterval(timeInterval)
    }

    override var record: TriggerRecord { .timeInterval(seconds: timeInterval, repeats: repeats) }

    public override var description: String {
        "<UNTimeIntervalNotificationTrigger: repeats: \(repeats), timeInterval: \(timeInterval)>"
    }
}
