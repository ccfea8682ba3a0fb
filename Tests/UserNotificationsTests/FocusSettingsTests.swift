import Foundation
import HeraldCore
import Testing
import UserNotifications
import UserNotificationsTesting

extension UNTests {
    /// `UNNotificationSettings` reflects Focus-related settings: critical alerts (asked for and
    /// approved), time-sensitive, scheduled summary; direct messages are not supported.
    @Suite struct FocusSettingsTests {
        @Test func settingsReflectCriticalTimeSensitiveAndScheduledDelivery() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            #expect(try await center.requestAuthorization(options: [.alert, .sound, .criticalAlert]))
            var settings = await center.notificationSettings()
            #expect(settings.criticalAlertSetting == .disabled)   // asked for, not yet approved
            #expect(settings.timeSensitiveSetting == .enabled)
            #expect(settings.scheduledDeliverySetting == .disabled)
            #expect(settings.directMessagesSetting == .notSupported)
            var appSettings = AppSettings()
            appSettings.criticalAlerts = true
            appSettings.timeSensitive = false
            appSettings.scheduledDelivery = true
            try await simulator.engine.updateSettings(appSettings, bundleIdentifier: simulator.bundleIdentifier)
            settings = await center.notificationSettings()
            #expect(settings.criticalAlertSetting == .enabled)
            #expect(settings.timeSensitiveSetting == .disabled)
            #expect(settings.scheduledDeliverySetting == .enabled)
        }
    }
}
