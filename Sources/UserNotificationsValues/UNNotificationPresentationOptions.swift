/// How a notification is presented while its app is in the foreground: `.badge` 1, `.sound` 2,
/// `.alert` 4 (deprecated), `.list` 8, `.banner` 16 (Apple's raw values).
///
/// ```swift
/// func userNotificationCenter(_ c: UNUserNotificationCenter, willPresent n: UNNotification) async
///     -> UNNotificationPresentationOptions { [.banner, .list, .sound] }
/// ```
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    @available(*, deprecated, message: "Use [.list, .banner]")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

    /// `.alert` (deprecated) means `[.list, .banner]`; this folds it in.
    public var normalized: UNNotificationPresentationOptions {
        var result = self
        if result.contains(UNNotificationPresentationOptions(rawValue: 1 << 2)) {
            result.remove(UNNotificationPresentationOptions(rawValue: 1 << 2))
            result.formUnion([.list, .banner])
        }
        return result
    }
}
