/// An Apple type that can fill in notification content (for example `INSendMessageIntent`).
/// Apps must not adopt it; `UNNotificationContent.updating(from:)` rejects every provider on Linux.
///
/// ```swift
/// // let updated = try content.updating(from: intent)   // throws on Linux
/// ```
public protocol UNNotificationContentProviding: NSObjectProtocol {}
