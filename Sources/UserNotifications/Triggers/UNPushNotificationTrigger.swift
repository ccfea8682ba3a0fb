/// The trigger of a notification that arrived as a push (`herald push`, or
/// `NotificationSimulator.push(_:)` in tests). Apps never make one.
///
/// ```swift
/// if notification.request.trigger is UNPushNotificationTrigger { print("remote") }
/// ```
// unchecked: a subclass of `UNNotificationTrigger` restates its conformance; no state.
public final class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {}
