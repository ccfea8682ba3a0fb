import Foundation

/// Receives notifications while the app runs in the foreground, the user's responses, and
/// requests to show the app's notification settings. Every method is optional.
///
/// Implement either form of each method (completion handler or `async`), with or without
/// `@Sendable` on the handler. Set the delegate before the app finishes launching. Calls arrive
/// on the main actor, as on Apple's platforms (the process must run the main actor: Swift
/// Testing does; an app uses `dispatchMain()` or an async `main`).
///
/// ```swift
/// final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
///     func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
///                                 withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
///         completionHandler([.banner, .list, .sound])
///     }
///
///     func userNotificationCenter(_ center: UNUserNotificationCenter,
///                                 didReceive response: UNNotificationResponse) async {
///         print(response.actionIdentifier)
///     }
/// }
/// ```
///
/// Apple's rules: `willPresent` is asked only while the app is in the foreground. A delegate
/// that does not implement it gets nothing presented; with no delegate at all the notification
/// is presented with its own options. A handler not called in time (the center's
/// `delegateTimeout`) presents nothing. A second call of a handler is ignored.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// The app is in the foreground: choose how to present `notification` (`[]` shows nothing).
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    /// The `async` form of `willPresent`.
    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification) async -> UNNotificationPresentationOptions

    /// The user opened, dismissed (with `.customDismissAction`) or acted on a notification. Always
    /// call the handler when done.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

    /// The `async` form of `didReceive`.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

    /// The user asked for the app's own notification settings (needs the
    /// `.providesAppNotificationSettings` authorization option). `notification` is `nil` when
    /// the request came from the center's settings rather than a notification.
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

// Default implementations: what "the app does not implement this method" means. Each marks the
// task-local probe so the center can tell a default from the app's own method.
extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                       withCompletionHandler completionHandler:
                                           @escaping @Sendable (UNNotificationPresentationOptions) -> Void) {
        DelegateProbe.current?.markUnimplemented()
        completionHandler([])
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter,
                                       willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions {
        DelegateProbe.current?.markUnimplemented()
        return []
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                       withCompletionHandler completionHandler: @escaping @Sendable () -> Void) {
        DelegateProbe.current?.markUnimplemented()
        completionHandler()
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter,
                                       didReceive response: UNNotificationResponse) async {
        DelegateProbe.current?.markUnimplemented()
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter,
                                       openSettingsFor notification: UNNotification?) {}
}
