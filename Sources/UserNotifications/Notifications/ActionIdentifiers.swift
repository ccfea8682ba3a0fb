import HeraldCore

/// The action identifier of a response when the user opened the notification (tapped it, or
/// pressed Enter in the terminal center).
///
/// ```swift
/// if response.actionIdentifier == UNNotificationDefaultActionIdentifier { showMeeting() }
/// ```
public let UNNotificationDefaultActionIdentifier: String = ResponseAction.defaultActionIdentifier

/// The action identifier of a response when the user explicitly dismissed the notification.
/// Sent only for categories with `.customDismissAction`.
///
/// ```swift
/// if response.actionIdentifier == UNNotificationDismissActionIdentifier { markIgnored() }
/// ```
public let UNNotificationDismissActionIdentifier: String = ResponseAction.dismissActionIdentifier
