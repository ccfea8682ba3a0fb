import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

/// The testing seam apps put in front of the center, spelled as Apple's SDK declares the methods.
protocol NotificationScheduling: AnyObject {
    func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)?)
    func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void)
    func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void)
    func removePendingNotificationRequests(withIdentifiers identifiers: [String])
}

extension UNUserNotificationCenter: NotificationScheduling {}

extension AppCode {
    @Suite struct NotificationCenterSeamTests {
        @Test func theCenterServesTheSeam() async throws {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            simulator.permissionAnswer = .allow
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert])
            let scheduler: any NotificationScheduling = UNUserNotificationCenter.current()
            let content = UNMutableNotificationContent()
            content.title = "Seam"
            let added: (any Error)? = await withCheckedContinuation { done in
                scheduler.add(UNNotificationRequest(identifier: "seam", content: content,
                                                    trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false))) {
                    done.resume(returning: $0)
                }
            }
            #expect(added == nil)
            let identifiers = await withCheckedContinuation { done in
                scheduler.getPendingNotificationRequests { done.resume(returning: $0.map(\.identifier)) }
            }
            #expect(identifiers == ["seam"])
        }
    }
}
