/// How an action behaves when the user picks it: `.authenticationRequired` 1, `.destructive` 2,
/// `.foreground` 4 (Apple's raw values).
///
/// ```swift
/// UNNotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive])
/// ```
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The device must be unlocked before the action runs.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// Shown as destructive (red).
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// Brings the app to the foreground.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}
