/// How a category's notifications are handled: `.customDismissAction` 1, `.allowInCarPlay` 2,
/// `.hiddenPreviewsShowTitle` 4, `.hiddenPreviewsShowSubtitle` 8, `.allowAnnouncement` 16
/// (Apple's raw values).
///
/// ```swift
/// UNNotificationCategory(identifier: "INVITE", actions: [], intentIdentifiers: [],
///                        options: .customDismissAction)
/// ```
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Send the dismiss action to the delegate.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// Keep the title when previews are hidden.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// Keep the subtitle when previews are hidden.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)
}
