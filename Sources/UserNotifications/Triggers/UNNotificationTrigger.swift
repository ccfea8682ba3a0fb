import Foundation
import HeraldCore

/// What makes a request fire. Use a subclass: `UNTimeIntervalNotificationTrigger`,
/// `UNCalendarNotificationTrigger`, `UNLocationNotificationTrigger`; pushes carry a
/// `UNPushNotificationTrigger`. A request with a `nil` trigger is delivered at once.
///
/// ```swift
/// if let trigger = request.trigger, trigger.repeats { … }
/// ```
// unchecked: Apple's API shape: a non-final NSObject subclass (apps subclass it), which Swift cannot check; only `let`s.
public class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
    /// Whether the trigger fires again after it fired.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    /// Triggers are immutable: a copy is the trigger itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationTrigger, type(of: other) == type(of: self) else { return false }
        return other.record == record
    }

    public override var hash: Int { record.hashValue }

    /// The engine's form (overridden by every subclass).
    var record: TriggerRecord { .push }

    /// The app-facing trigger for an engine record.
    static func make(_ record: TriggerRecord) -> UNNotificationTrigger {
        switch record {
        case .timeInterval(let seconds, let repeats):
            return UNTimeIntervalNotificationTrigger(validTimeInterval: seconds, repeats: repeats)
        case .calendar(let components, let repeats):
            return UNCalendarNotificationTrigger(dateMatching: components.dateComponents,
                                                 repeats: repeats)
        case .location(let region, let repeats):
            return UNLocationNotificationTrigger(regionRecord: region, repeats: repeats)
        case .push:
            return UNPushNotificationTrigger(repeats: false)
        }
    }
}
