import Foundation

/// What the user did with a notification.
public enum ResponseAction: Sendable, Hashable, Codable {
    /// Opened the notification (`UNNotificationDefaultActionIdentifier`).
    case open
    /// Dismissed it explicitly (`UNNotificationDismissActionIdentifier`).
    case dismiss
    /// Picked a custom action.
    case action(String)
    /// Typed a reply into a text-input action.
    case reply(actionIdentifier: String, text: String)

    /// Apple's spelling: the action identifier the app sees.
    public var actionIdentifier: String {
        switch self {
        case .open: return ResponseAction.defaultActionIdentifier
        case .dismiss: return ResponseAction.dismissActionIdentifier
        case .action(let id): return id
        case .reply(let id, _): return id
        }
    }

    public var userText: String? {
        if case .reply(_, let text) = self { return text }
        return nil
    }

    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
}

/// A user's response to a delivered notification: the audit trail, and what `didReceive` gets.
public struct ResponseRecord: Sendable, Hashable, Codable {
    public var responseID: Int64
    public var notification: DeliveredRecord
    public var action: ResponseAction
    public var date: Date
    /// Whether the app's delegate has received it (responses to apps that are not running wait).
    public var isDeliveredToApp: Bool

    public init(responseID: Int64 = 0, notification: DeliveredRecord, action: ResponseAction, date: Date,
                isDeliveredToApp: Bool = false) {
        self.responseID = responseID
        self.notification = notification
        self.action = action
        self.date = date
        self.isDeliveredToApp = isDeliveredToApp
    }

    public var bundleIdentifier: String { notification.bundleIdentifier }
}
