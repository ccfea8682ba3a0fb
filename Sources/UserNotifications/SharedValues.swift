import HeraldCore

// Apple's option sets, enums and error type are defined once, in HeraldCore (the engine speaks
// them too), and re-exported here under Apple's names. Each is documented at its definition.

/// What an app asks permission for: `.badge` 1, `.sound` 2, `.alert` 4, `.carPlay` 8,
/// `.criticalAlert` 16, `.providesAppNotificationSettings` 32, `.provisional` 64,
/// `.announcement` 128, `.timeSensitive` 256.
///
/// ```swift
/// let granted = try await center.requestAuthorization(options: [.alert, .sound, .badge])
/// ```
public typealias UNAuthorizationOptions = HeraldCore.UNAuthorizationOptions

/// How an action behaves: `.authenticationRequired` 1, `.destructive` 2, `.foreground` 4.
///
/// ```swift
/// UNNotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive])
/// ```
public typealias UNNotificationActionOptions = HeraldCore.UNNotificationActionOptions

/// How a category behaves: `.customDismissAction` 1, `.allowInCarPlay` 2,
/// `.hiddenPreviewsShowTitle` 4, `.hiddenPreviewsShowSubtitle` 8, `.allowAnnouncement` 16.
///
/// ```swift
/// UNNotificationCategory(identifier: "INVITE", actions: [], intentIdentifiers: [],
///                        options: .customDismissAction)
/// ```
public typealias UNNotificationCategoryOptions = HeraldCore.UNNotificationCategoryOptions

/// How a notification is presented in the foreground: `.badge` 1, `.sound` 2, `.alert` 4
/// (deprecated), `.list` 8, `.banner` 16.
///
/// ```swift
/// completionHandler([.banner, .list, .sound])
/// ```
public typealias UNNotificationPresentationOptions = HeraldCore.UNNotificationPresentationOptions

/// Whether the app may post: `notDetermined` 0, `denied` 1, `authorized` 2, `provisional` 3,
/// `ephemeral` 4.
///
/// ```swift
/// if await center.notificationSettings().authorizationStatus == .authorized { … }
/// ```
public typealias UNAuthorizationStatus = HeraldCore.UNAuthorizationStatus

/// One setting's state: `notSupported` 0, `disabled` 1, `enabled` 2.
///
/// ```swift
/// let canBadge = settings.badgeSetting == .enabled
/// ```
public typealias UNNotificationSetting = HeraldCore.UNNotificationSetting

/// How alerts look: `none` 0, `banner` 1, `alert` 2.
///
/// ```swift
/// if settings.alertStyle == .none { … }
/// ```
public typealias UNAlertStyle = HeraldCore.UNAlertStyle

/// When previews show: `always` 0, `whenAuthenticated` 1, `never` 2.
///
/// ```swift
/// if settings.showPreviewsSetting == .never { … }
/// ```
public typealias UNShowPreviewsSetting = HeraldCore.UNShowPreviewsSetting

/// How strongly a notification interrupts: `passive` 0, `active` 1, `timeSensitive` 2,
/// `critical` 3 (raw type `UInt`).
///
/// ```swift
/// content.interruptionLevel = .timeSensitive
/// ```
public typealias UNNotificationInterruptionLevel = HeraldCore.UNNotificationInterruptionLevel

/// The center's errors, domain `UNErrorDomain`, with Apple's codes (`UNError.Code`).
///
/// ```swift
/// do { try await center.setBadgeCount(-1) }
/// catch let error as UNError where error.code == .badgeInputInvalid { … }
/// ```
public typealias UNError = HeraldCore.UNError

/// The error domain of every `UNError`: `"UNErrorDomain"`.
///
/// ```swift
/// (error as NSError).domain == UNErrorDomain
/// ```
@_disfavoredOverload
public var UNErrorDomain: String { HeraldCore.UNErrorDomain }

/// Lets `catch UNError.badgeInputInvalid` match, as with Apple's bridged error structs:
///
/// ```swift
/// do { try await center.setBadgeCount(-1) }
/// catch UNError.badgeInputInvalid { … }
/// ```
///
/// Declared here, in the module apps import, so the pattern resolves in app code.
public func ~= (code: UNError.Code, error: any Error) -> Bool {
    (error as? UNError)?.code == code
}
