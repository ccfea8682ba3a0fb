/// Whether the app may post: `notDetermined` 0, `denied` 1, `authorized` 2, `provisional` 3,
/// `ephemeral` 4.
///
/// ```swift
/// if await center.notificationSettings().authorizationStatus == .authorized { … }
/// ```
public enum UNAuthorizationStatus: Int, Sendable, Codable, CaseIterable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
    case ephemeral = 4
}

/// One setting's state: `notSupported` 0, `disabled` 1, `enabled` 2.
///
/// ```swift
/// let canBadge = settings.badgeSetting == .enabled
/// ```
public enum UNNotificationSetting: Int, Sendable, Codable, CaseIterable {
    case notSupported = 0
    case disabled = 1
    case enabled = 2
}

/// How alerts are shown — not at all, as a transient banner, or as an alert that stays:
/// `none` 0, `banner` 1, `alert` 2.
///
/// ```swift
/// if settings.alertStyle == .none { … }
/// ```
public enum UNAlertStyle: Int, Sendable, Codable, CaseIterable {
    case none = 0
    case banner = 1
    case alert = 2
}

/// When previews (the body, and the title unless the category keeps it) are shown:
/// `always` 0, `whenAuthenticated` 1, `never` 2.
///
/// ```swift
/// if settings.showPreviewsSetting == .never { … }
/// ```
public enum UNShowPreviewsSetting: Int, Sendable, Codable, CaseIterable {
    case always = 0
    case whenAuthenticated = 1
    case never = 2
}

/// How strongly a notification may interrupt: `passive` 0, `active` 1, `timeSensitive` 2,
/// `critical` 3 (Apple's raw type is `UInt`).
///
/// ```swift
/// content.interruptionLevel = .timeSensitive
/// ```
public enum UNNotificationInterruptionLevel: UInt, Sendable, Codable, CaseIterable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3
}
