/// Whether the app may post notifications.
public enum UNAuthorizationStatus: Int, Sendable, Codable, CaseIterable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
    case ephemeral = 4
}

/// The state of one notification setting.
public enum UNNotificationSetting: Int, Sendable, Codable, CaseIterable {
    case notSupported = 0
    case disabled = 1
    case enabled = 2
}

/// How alerts are shown: not at all, as a transient banner, or as an alert that stays.
public enum UNAlertStyle: Int, Sendable, Codable, CaseIterable {
    case none = 0
    case banner = 1
    case alert = 2
}

/// When previews (the body, and the title unless the category keeps it) are shown.
public enum UNShowPreviewsSetting: Int, Sendable, Codable, CaseIterable {
    case always = 0
    case whenAuthenticated = 1
    case never = 2
}

/// How strongly a notification may interrupt (Apple's raw type is `UInt`).
public enum UNNotificationInterruptionLevel: UInt, Sendable, Codable, CaseIterable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3
}
