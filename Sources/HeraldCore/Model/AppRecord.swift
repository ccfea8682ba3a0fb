import Foundation

/// The user's notification settings for one app (iOS Settings › Notifications).
public struct AppSettings: Sendable, Hashable, Codable {
    public var allowNotifications: Bool = true
    public var alertStyle: UNAlertStyle = .banner
    public var sounds: Bool = true
    public var badges: Bool = true
    /// Show in history (Notification Center).
    public var showInHistory: Bool = true
    public var lockScreen: Bool = true
    public var showPreviews: UNShowPreviewsSetting = .always
    /// Time-sensitive notifications may break through Focus (Apple's `timeSensitiveSetting`).
    public var timeSensitive: Bool = true
    /// The person approved critical alerts for this app (Herald's stand-in for Apple's
    /// entitlement): with `.criticalAlert` authorization, `.critical` notifications always
    /// present with the bell. Off until turned on in settings.
    public var criticalAlerts: Bool = false
    /// Collected and delivered in the scheduled summary (Apple's `scheduledDeliverySetting`).
    public var scheduledDelivery: Bool = false

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case allowNotifications, alertStyle, sounds, badges, showInHistory, lockScreen, showPreviews,
             timeSensitive, criticalAlerts, scheduledDelivery
    }

    /// Reads settings stored by any Herald version: a missing setting keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        allowNotifications = try c.decodeIfPresent(Bool.self, forKey: .allowNotifications) ?? allowNotifications
        alertStyle = try c.decodeIfPresent(UNAlertStyle.self, forKey: .alertStyle) ?? alertStyle
        sounds = try c.decodeIfPresent(Bool.self, forKey: .sounds) ?? sounds
        badges = try c.decodeIfPresent(Bool.self, forKey: .badges) ?? badges
        showInHistory = try c.decodeIfPresent(Bool.self, forKey: .showInHistory) ?? showInHistory
        lockScreen = try c.decodeIfPresent(Bool.self, forKey: .lockScreen) ?? lockScreen
        showPreviews = try c.decodeIfPresent(UNShowPreviewsSetting.self, forKey: .showPreviews) ?? showPreviews
        timeSensitive = try c.decodeIfPresent(Bool.self, forKey: .timeSensitive) ?? timeSensitive
        criticalAlerts = try c.decodeIfPresent(Bool.self, forKey: .criticalAlerts) ?? criticalAlerts
        scheduledDelivery = try c.decodeIfPresent(Bool.self, forKey: .scheduledDelivery) ?? scheduledDelivery
    }
}

/// Everything the center knows about one app, keyed by bundle identifier.
public struct AppRecord: Sendable, Hashable, Codable {
    public var bundleIdentifier: String
    /// What the UI shows ("Calendar"); defaults to the last part of the bundle identifier.
    public var displayName: String
    public var authorizationStatus: UNAuthorizationStatus = .notDetermined
    /// The options granted (or asked for, while provisional).
    public var authorizedOptions: UNAuthorizationOptions = []
    public var settings: AppSettings = AppSettings()
    public var badge: Int = 0
    public var categories: [CategoryRecord] = []
    /// 32 bytes, stable per app; made on first use.
    public var deviceToken: Data?
    /// A command that acts as this app's notification service extension (`herald app --service-extension`).
    public var serviceExtensionCommand: String?
    /// Apps first seen through `herald post` / `herald push` are the user's own and authorized without a prompt.
    public var isCommandLineApp: Bool = false

    public init(bundleIdentifier: String, displayName: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName ?? AppRecord.defaultDisplayName(for: bundleIdentifier)
    }

    /// `com.example.calendar` → `Calendar`; a script or program file name keeps its whole name
    /// (`backup.sh` → `backup.sh`, not "Sh": see `AppRecord+DisplayName.swift`).
    public static func defaultDisplayName(for bundleIdentifier: String) -> String {
        if isFileName(bundleIdentifier) { return bundleIdentifier }
        return reverseDNSName(bundleIdentifier)
    }

    public func category(_ identifier: String) -> CategoryRecord? {
        categories.first { $0.identifier == identifier }
    }

    /// Whether notifications may be delivered at all (authorized or provisional, and allowed in settings).
    public var canDeliver: Bool {
        (authorizationStatus == .authorized || authorizationStatus == .provisional
            || authorizationStatus == .ephemeral) && settings.allowNotifications
    }
}
