import Foundation
import HeraldCore
import Testing
import UserNotifications

extension UNTests {
    /// The center against a fake system: ordering, conversions, both call forms.
    @Suite struct CenterForwardingTests {
        let fake = FakeSystem()

        init() { NotificationSystemRegistry.install(fake) }

        private func center(_ bundle: String = "com.example.fake") -> UNUserNotificationCenter {
            HeraldApp.$bundleIdentifier.withValue(bundle) { UNUserNotificationCenter.current() }
        }

        /// Synchronous code: the completion-handler forms with their `nil` default, as in apps.
        private func addWithoutHandler(_ center: UNUserNotificationCenter, _ request: UNNotificationRequest) {
            center.add(request)
        }

        private func clearBadge(_ center: UNUserNotificationCenter) {
            center.setBadgeCount(0)
        }

        @Test func currentIsCachedPerApp() {
            let a = center("com.example.a")
            #expect(ObjectIdentifier(a) == ObjectIdentifier(center("com.example.a")))
            #expect(ObjectIdentifier(a) != ObjectIdentifier(center("com.example.b")))
            #expect(a.supportsContentExtensions)
        }

        @Test func callsAreProcessedInOrder() async throws {
            let center = center()
            let accept = UNNotificationAction(identifier: "ACCEPT", title: "Accept", options: [])
            center.setNotificationCategories([UNNotificationCategory(identifier: "INVITE", actions: [accept],
                                                                     intentIdentifiers: [])])
            let content = UNMutableNotificationContent()
            content.title = "Hi"
            content.userInfo = ["MEETING_ID": "m1", "n": 2, "ok": true, "skip": NSObject()]
            addWithoutHandler(center, UNNotificationRequest(identifier: "one", content: content, trigger: nil))
            try await center.add(UNNotificationRequest(identifier: "two", content: content,
                                                       trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60,
                                                                                                  repeats: true)))
            let calls = await fake.calls
            #expect(calls == ["connect com.example.fake", "setCategories [\"INVITE\"]", "add one", "add two"])
            let pending = await center.pendingNotificationRequests()
            #expect(pending.map(\.identifier) == ["one", "two"])
            let info = pending[0].content.userInfo
            #expect(info["MEETING_ID"] as? String == "m1")
            #expect(info["n"] as? Int == 2)
            #expect(info["ok"] as? Bool == true)
            #expect(info["skip"] == nil)
            let trigger = try #require(pending[1].trigger as? UNTimeIntervalNotificationTrigger)
            #expect(trigger.timeInterval == 60 && trigger.repeats)
            let categories = await center.notificationCategories()
            #expect(categories.map(\.identifier) == ["INVITE"])
            #expect(categories.first?.actions.first?.identifier == "ACCEPT")
        }

        @Test func completionHandlerForms() async {
            let center = center()
            let granted: Bool = await withCheckedContinuation { continuation in
                center.requestAuthorization(options: [.alert, .badge]) { granted, error in
                    #expect(error == nil)
                    continuation.resume(returning: granted)
                }
            }
            #expect(granted)
            let settings: UNNotificationSettings = await withCheckedContinuation { continuation in
                center.getNotificationSettings { continuation.resume(returning: $0) }
            }
            #expect(settings.authorizationStatus == .authorized)
            #expect(settings.alertSetting == .enabled && settings.badgeSetting == .enabled)
            #expect(settings.soundSetting == .disabled && settings.carPlaySetting == .notSupported)
            let pending: [UNNotificationRequest] = await withCheckedContinuation { continuation in
                center.getPendingNotificationRequests { continuation.resume(returning: $0) }
            }
            #expect(pending.isEmpty)
            let delivered: [UNNotification] = await withCheckedContinuation { continuation in
                center.getDeliveredNotifications { continuation.resume(returning: $0) }
            }
            #expect(delivered.isEmpty)
            let categories: Set<UNNotificationCategory> = await withCheckedContinuation { continuation in
                center.getNotificationCategories { continuation.resume(returning: $0) }
            }
            #expect(categories.isEmpty)
        }

        @Test func addWithoutHandlerInSyncCode() async {
            let center = center()
            func schedule() {
                let content = UNMutableNotificationContent()
                content.title = "sync"
                center.add(UNNotificationRequest(identifier: "sync", content: content, trigger: nil))
            }
            schedule()
            #expect(await center.pendingNotificationRequests().map(\.identifier) == ["sync"])
            center.removePendingNotificationRequests(withIdentifiers: ["sync"])
            #expect(await center.pendingNotificationRequests().isEmpty)
        }

        @Test func badgeCountBothForms() async throws {
            let center = center()
            try await center.setBadgeCount(3)
            #expect(await fake.app.badge == 3)
            let error: (any Error)? = await withCheckedContinuation { continuation in
                center.setBadgeCount(-1) { continuation.resume(returning: $0) }
            }
            let nsError = try #require(error) as NSError
            #expect(nsError.domain == UNErrorDomain && nsError.code == 1600)
            await #expect(throws: UNError(.badgeInputInvalid)) { try await center.setBadgeCount(-5) }
            clearBadge(center)
            await NotificationSystemRegistry.waitForPendingCalls()
            #expect(await fake.calls.filter { $0.hasPrefix("setBadgeCount") } == ["setBadgeCount 3", "setBadgeCount 0"])
        }

        @Test func settingsNotDeterminedAreNotSupported() async {
            let settings = await center().notificationSettings()
            #expect(settings.authorizationStatus == .notDetermined)
            #expect(settings.alertSetting == .notSupported && settings.soundSetting == .notSupported)
            #expect(settings.badgeSetting == .notSupported && settings.alertStyle == .none)
        }

        @Test func deviceToken() async {
            let token = await HeraldApp.$bundleIdentifier.withValue("com.example.fake") {
                await HeraldApplication.shared.registerForRemoteNotifications()
            }
            #expect(token.count == 32)
        }
    }
}
