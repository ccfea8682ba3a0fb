import Foundation
import UserNotifications

/// A notification manager of the kind apps keep: its public methods name the API's option sets
/// and enums in default argument values, which Swift checks against the file's imports.
public final class ReminderScheduler: Sendable {
    public init() {}

    public func ask(options: UNAuthorizationOptions = [.alert, .badge, .sound]) async throws -> Bool {
        try await UNUserNotificationCenter.current().requestAuthorization(options: options)
    }

    public func category(identifier: String = "REMINDER",
                         actionOptions: UNNotificationActionOptions = [.foreground, .authenticationRequired, .destructive],
                         options: UNNotificationCategoryOptions = [.customDismissAction, .hiddenPreviewsShowTitle,
                                                                   .hiddenPreviewsShowSubtitle, .allowInCarPlay,
                                                                   .allowAnnouncement]) -> UNNotificationCategory {
        let done = UNNotificationAction(identifier: "DONE", title: "Done", options: actionOptions)
        return UNNotificationCategory(identifier: identifier, actions: [done], intentIdentifiers: [], options: options)
    }

    public func content(title: String, level: UNNotificationInterruptionLevel = .timeSensitive)
        -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = title
        content.interruptionLevel = level
        return content
    }

    public func presentation(for notification: UNNotification,
                             options: UNNotificationPresentationOptions = [.banner, .list, .sound, .badge])
        -> UNNotificationPresentationOptions {
        options
    }

    public func isAllowed(_ settings: UNNotificationSettings,
                          status: UNAuthorizationStatus = .authorized,
                          alerts: UNNotificationSetting = .enabled,
                          style: UNAlertStyle = .banner,
                          previews: UNShowPreviewsSetting = .always) -> Bool {
        settings.authorizationStatus == status && settings.alertSetting == alerts
            && settings.alertStyle == style && settings.showPreviewsSetting == previews
    }

    public func isBadgeError(_ error: any Error, code: UNError.Code = .badgeInputInvalid) -> Bool {
        (error as? UNError)?.code == code
    }

    /// Every level and status, by their names: members used as values, not only as defaults.
    public static let authorizations: UNAuthorizationOptions = [.badge, .sound, .alert, .carPlay, .criticalAlert,
                                                               .providesAppNotificationSettings, .provisional]
    public static let levels: [UNNotificationInterruptionLevel] = [.passive, .active, .timeSensitive, .critical]
    public static let statuses: [UNAuthorizationStatus] = [.notDetermined, .denied, .authorized, .provisional, .ephemeral]
    public static let settings: [UNNotificationSetting] = [.notSupported, .disabled, .enabled]
    public static let styles: [UNAlertStyle] = [.none, .banner, .alert]
    public static let previews: [UNShowPreviewsSetting] = [.always, .whenAuthenticated, .never]
}
