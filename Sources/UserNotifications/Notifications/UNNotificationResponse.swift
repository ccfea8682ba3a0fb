import Foundation
import HeraldCore

/// What the user did with a notification: opened it (`UNNotificationDefaultActionIdentifier`),
/// dismissed it (`UNNotificationDismissActionIdentifier`, only with `.customDismissAction`), or
/// picked one of the category's actions.
///
/// ```swift
/// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
///                             withCompletionHandler completionHandler: @escaping () -> Void) {
///     switch response.actionIdentifier {
///     case "ACCEPT_ACTION": accept(response.notification.request.content.userInfo)
///     case UNNotificationDefaultActionIdentifier: open()
///     default: break
///     }
///     completionHandler()
/// }
/// ```
// unchecked: Apple's API shape: a non-final NSObject subclass, which Swift cannot check; only `let`s.
public class UNNotificationResponse: NSObject, NSCopying, @unchecked Sendable {
    /// The notification the user acted on.
    public let notification: UNNotification
    /// The action picked, or the default / dismiss identifier.
    public let actionIdentifier: String

    @available(*, unavailable, message: "The system makes responses")
    public override init() {
        fatalError("The system makes responses")
    }

    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override var description: String {
        "<\(type(of: self)): actionIdentifier: \(actionIdentifier), notification: \(notification)>"
    }

    /// The app-facing response for an engine record (a text-input response for a reply).
    static func make(_ record: ResponseRecord) -> UNNotificationResponse {
        let notification = UNNotification(record: record.notification)
        if let text = record.action.userText {
            return UNTextInputNotificationResponse(notification: notification,
                                                   actionIdentifier: record.action.actionIdentifier, userText: text)
        }
        return UNNotificationResponse(notification: notification, actionIdentifier: record.action.actionIdentifier)
    }
}

/// The response to a `UNTextInputNotificationAction`: what the user typed.
///
/// ```swift
/// if let reply = response as? UNTextInputNotificationResponse { send(reply.userText) }
/// ```
// unchecked: a subclass of `UNNotificationResponse` restates its conformance; only `let`s.
public final class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// The text the user typed.
    public let userText: String

    init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}
