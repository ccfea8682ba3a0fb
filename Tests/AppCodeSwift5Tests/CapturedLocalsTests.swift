// Swift 5 app code as written before strict concurrency: the completion handlers mutate captured
// locals. Apple's completion-handler methods are imported `@preconcurrency`, so this compiles
// without a diagnostic there, and here.
import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension AppCode {
    @Suite struct CapturedLocalsTests {
        @Test func handlersWriteCapturedLocals() async throws {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            simulator.permissionAnswer = .allow
            let center = UNUserNotificationCenter.current()

            var granted = false
            var addError: Error? = NSError(domain: "unset", code: 0)
            var pending: [UNNotificationRequest] = []
            var delivered: [UNNotification] = []
            var categories: Set<UNNotificationCategory> = []
            var status = UNAuthorizationStatus.notDetermined
            var badgeError: Error?

            await withCheckedContinuation { done in
                center.requestAuthorization(options: [.alert, .badge]) { ok, _ in granted = ok; done.resume() }
            }
            center.setNotificationCategories([UNNotificationCategory(identifier: "C", actions: [], intentIdentifiers: [])])
            let content = UNMutableNotificationContent()
            content.title = "Five"
            await withCheckedContinuation { done in
                center.add(UNNotificationRequest(identifier: "later", content: content,
                                                 trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false))) { error in
                    addError = error
                    done.resume()
                }
            }
            await withCheckedContinuation { done in
                center.add(UNNotificationRequest(identifier: "now", content: content, trigger: nil)) { _ in done.resume() }
            }
            await withCheckedContinuation { done in center.getPendingNotificationRequests { pending = $0; done.resume() } }
            await withCheckedContinuation { done in center.getDeliveredNotifications { delivered = $0; done.resume() } }
            await withCheckedContinuation { done in center.getNotificationCategories { categories = $0; done.resume() } }
            await withCheckedContinuation { done in
                center.getNotificationSettings { settings in status = settings.authorizationStatus; done.resume() }
            }
            await withCheckedContinuation { done in center.setBadgeCount(-1) { error in badgeError = error; done.resume() } }

            #expect(granted)
            #expect(addError == nil)
            #expect(pending.map(\.identifier) == ["later"])
            #expect(delivered.map(\.request.identifier) == ["now"])
            #expect(categories.map(\.identifier) == ["C"])
            #expect(status == .authorized)
            #expect((badgeError as? UNError)?.code == .badgeInputInvalid)
        }
    }
}
