import Foundation

/// Apple's rules for `UNTimeIntervalNotificationTrigger`.
///
/// ```swift
/// if let message = TimeIntervalTriggerRule.validate(interval: 30, repeats: true) {
///     fatalError(message)   // "time interval must be at least 60 if repeating"
/// }
/// ```
public enum TimeIntervalTriggerRule {
    /// The smallest interval of a repeating trigger, in seconds.
    public static let minimumRepeatingInterval: TimeInterval = 60

    /// Apple's assertion message for a bad interval, or `nil` when it is fine. The checks run in
    /// Apple's order: the repeating minimum first, then "greater than 0" (NaN fails both).
    public static func validate(interval: TimeInterval, repeats: Bool) -> String? {
        if repeats && !(interval >= minimumRepeatingInterval) {
            return "time interval must be at least 60 if repeating"
        }
        if !(interval > 0) {
            return "time interval must be greater than 0"
        }
        return nil
    }

    /// When a trigger scheduled at `scheduledAt` fires next, strictly after `date`.
    ///
    /// A one-shot trigger fires once, at `scheduledAt + interval` (`nil` once that has passed).
    /// A repeating one fires at every multiple: `scheduledAt + k × interval`, the first after `date`.
    public static func nextFireDate(scheduledAt: Date, interval: TimeInterval, repeats: Bool,
                                    after date: Date) -> Date? {
        guard interval > 0, interval.isFinite else { return nil }
        let first = scheduledAt.addingTimeInterval(interval)
        if first > date { return first }
        guard repeats else { return nil }
        let elapsed = date.timeIntervalSince(scheduledAt)
        var multiple = (elapsed / interval).rounded(.down) + 1
        var candidate = scheduledAt.addingTimeInterval(multiple * interval)
        // Floating point can land on `date` itself; step on until strictly after it.
        while candidate <= date {
            multiple += 1
            candidate = scheduledAt.addingTimeInterval(multiple * interval)
        }
        return candidate
    }
}
