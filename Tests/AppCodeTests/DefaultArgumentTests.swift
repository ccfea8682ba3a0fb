import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension AppCode {
    /// The option sets and enums, named in default arguments of public app methods, do what
    /// their names say.
    @Suite struct DefaultArgumentTests {
        @Test func defaultsReachTheCenter() async throws {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            simulator.permissionAnswer = .allow
            let scheduler = ReminderScheduler()
            #expect(try await scheduler.ask())
            let center = UNUserNotificationCenter.current()
            center.setNotificationCategories([scheduler.category()])
            let category = try #require(await center.notificationCategories().first)
            #expect(category.options == [.customDismissAction, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle,
                                         .allowInCarPlay, .allowAnnouncement])
            #expect(category.actions.first?.options == [.foreground, .authenticationRequired, .destructive])
            #expect(scheduler.content(title: "Pills").interruptionLevel == .timeSensitive)
            let settings = await center.notificationSettings()
            #expect(settings.authorizationStatus == .authorized)
            do {
                try await center.setBadgeCount(-1)
                Issue.record("a negative badge count must fail")
            } catch {
                #expect(scheduler.isBadgeError(error))
            }
            #expect(ReminderScheduler.authorizations.rawValue == 127)
            #expect(ReminderScheduler.levels.map(\.rawValue) == [0, 1, 2, 3])
            #expect(ReminderScheduler.statuses.map(\.rawValue) == [0, 1, 2, 3, 4])
            #expect(ReminderScheduler.settings.map(\.rawValue) == [0, 1, 2])
            #expect(ReminderScheduler.styles.map(\.rawValue) == [0, 1, 2])
            #expect(ReminderScheduler.previews.map(\.rawValue) == [0, 1, 2])
        }

        @Test func qualifiedByTheModuleName() {
            let options: UserNotifications.UNAuthorizationOptions = [.alert]
            let presentation: UserNotifications.UNNotificationPresentationOptions = .banner
            #expect(options.rawValue == 4)
            #expect(presentation.rawValue == 16)
            #expect(UserNotifications.UNErrorDomain == "UNErrorDomain")
        }
    }
}
