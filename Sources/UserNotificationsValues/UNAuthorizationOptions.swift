/// What an app asks permission for: `.badge` 1, `.sound` 2, `.alert` 4, `.carPlay` 8,
/// `.criticalAlert` 16, `.providesAppNotificationSettings` 32, `.provisional` 64,
/// `.announcement` 128, `.timeSensitive` 256 (Apple's raw values).
///
/// ```swift
/// try await center.requestAuthorization(options: [.alert, .sound, .badge])
/// ```
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
    @available(*, deprecated, message: "Announcement authorization is always included")
    public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)
    @available(*, deprecated, message: "Use time-sensitive entitlement")
    public static let timeSensitive = UNAuthorizationOptions(rawValue: 1 << 8)
}
