import Foundation
import HeraldCore

/// The app's notification settings: its authorization and what the user allows. Read it with
/// `notificationSettings()` before deciding what to schedule.
///
/// ```swift
/// let settings = await UNUserNotificationCenter.current().notificationSettings()
/// guard settings.authorizationStatus == .authorized || settings.authorizationStatus == .provisional
/// else { return }
/// if settings.alertSetting == .enabled { … } else { … }
/// ```
///
/// How Herald derives each value from what the app was granted and the user's settings in the
/// terminal center:
/// - `.notDetermined`: every setting is `.notSupported`, `alertStyle` is `.none`.
/// - `.denied` (or notifications turned off for the app): every setting is `.disabled`.
/// - `.provisional`: only `notificationCenterSetting` is `.enabled` (quiet delivery).
/// - `.authorized`: `alert`/`lockScreen`/`notificationCenter` need `.alert`, `sound` needs
///   `.sound`, `badge` needs `.badge`, each also switched by the user's setting.
/// - `carPlaySetting`, `announcementSetting`, `directMessagesSetting`: always `.notSupported`
///   (no car, no Siri, no communication intents). `scheduledDeliverySetting` is `.enabled` when
///   the person put the app in the scheduled summary (settings), else `.disabled`.
///   `criticalAlertSetting` is `.notSupported` unless `.criticalAlert` was granted; then
///   `.enabled` once the person approved critical alerts in settings (they break through Focus).
///   `timeSensitiveSetting` follows the app's time-sensitive setting (breaking through Focus).
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; only `let`s.
public final class UNNotificationSettings: NSObject, NSCopying, @unchecked Sendable {
    public let authorizationStatus: UNAuthorizationStatus
    public let soundSetting: UNNotificationSetting
    public let badgeSetting: UNNotificationSetting
    public let alertSetting: UNNotificationSetting
    public let notificationCenterSetting: UNNotificationSetting
    public let lockScreenSetting: UNNotificationSetting
    public let carPlaySetting: UNNotificationSetting
    public let alertStyle: UNAlertStyle
    public let showPreviewsSetting: UNShowPreviewsSetting
    public let criticalAlertSetting: UNNotificationSetting
    public let providesAppNotificationSettings: Bool
    public let announcementSetting: UNNotificationSetting
    public let timeSensitiveSetting: UNNotificationSetting
    public let scheduledDeliverySetting: UNNotificationSetting
    public let directMessagesSetting: UNNotificationSetting

    @available(*, unavailable, message: "The system makes settings; use notificationSettings()")
    public override init() {
        fatalError("The system makes settings")
    }

    init(record app: AppRecord) {
        let settings = app.settings
        let granted = app.authorizedOptions
        var status = app.authorizationStatus
        if !settings.allowNotifications && status != .notDetermined { status = .denied }
        authorizationStatus = status
        showPreviewsSetting = settings.showPreviews
        carPlaySetting = .notSupported
        announcementSetting = .notSupported
        directMessagesSetting = .notSupported
        providesAppNotificationSettings = granted.contains(.providesAppNotificationSettings)

        func setting(_ option: UNAuthorizationOptions, _ userAllows: Bool) -> UNNotificationSetting {
            granted.contains(option) && userAllows ? .enabled : .disabled
        }

        switch status {
        case .notDetermined:
            soundSetting = .notSupported
            badgeSetting = .notSupported
            alertSetting = .notSupported
            notificationCenterSetting = .notSupported
            lockScreenSetting = .notSupported
            alertStyle = .none
            criticalAlertSetting = .notSupported
            timeSensitiveSetting = .notSupported
            scheduledDeliverySetting = .notSupported
        case .denied:
            soundSetting = .disabled
            badgeSetting = .disabled
            alertSetting = .disabled
            notificationCenterSetting = .disabled
            lockScreenSetting = .disabled
            alertStyle = .none
            criticalAlertSetting = granted.contains(.criticalAlert) ? .disabled : .notSupported
            timeSensitiveSetting = .disabled
            scheduledDeliverySetting = .disabled
        case .provisional:
            soundSetting = .disabled
            badgeSetting = .disabled
            alertSetting = .disabled
            notificationCenterSetting = settings.showInHistory ? .enabled : .disabled
            lockScreenSetting = .disabled
            alertStyle = .none
            criticalAlertSetting = granted.contains(.criticalAlert) ? .disabled : .notSupported
            timeSensitiveSetting = .disabled
            scheduledDeliverySetting = .disabled
        case .authorized, .ephemeral:
            soundSetting = setting(.sound, settings.sounds)
            badgeSetting = setting(.badge, settings.badges)
            alertSetting = setting(.alert, settings.alertStyle != .none)
            notificationCenterSetting = setting(.alert, settings.showInHistory)
            lockScreenSetting = setting(.alert, settings.lockScreen)
            alertStyle = granted.contains(.alert) ? settings.alertStyle : .none
            criticalAlertSetting = granted.contains(.criticalAlert)
                ? (settings.criticalAlerts ? .enabled : .disabled) : .notSupported
            timeSensitiveSetting = settings.timeSensitive ? .enabled : .disabled
            scheduledDeliverySetting = settings.scheduledDelivery ? .enabled : .disabled
        }
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override var description: String {
        "<UNNotificationSettings: authorizationStatus: \(authorizationStatus), alertSetting: \(alertSetting), "
            + "soundSetting: \(soundSetting), badgeSetting: \(badgeSetting), alertStyle: \(alertStyle)>"
    }
}
