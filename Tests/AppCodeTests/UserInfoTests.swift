import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension AppCode {
    /// `userInfo` keeps property-list values and gives back what went in.
    @Suite struct UserInfoTests {
        private func content(_ identifier: String) -> UNMutableNotificationContent {
            let content = UNMutableNotificationContent()
            content.title = identifier
            content.userInfo = UserInfoFixture.values
            return content
        }

        @Test func pendingAndDelivered() async throws {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            simulator.permissionAnswer = .allow
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(UNNotificationRequest(identifier: "later", content: content("later"),
                                                       trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)))
            try await center.add(UNNotificationRequest(identifier: "now", content: content("now"), trigger: nil))

            let pending = try #require(await center.pendingNotificationRequests().first)
            #expect(UserInfoFixture.mismatch(pending.content.userInfo) == nil)
            let delivered = try #require(await center.deliveredNotifications().first)
            #expect(UserInfoFixture.mismatch(delivered.request.content.userInfo) == nil)
            await simulator.advance(by: 600)
            let fired = try #require(await center.deliveredNotifications().first { $0.request.identifier == "later" })
            #expect(UserInfoFixture.mismatch(fired.request.content.userInfo) == nil)
        }

        @Test func throughTheServiceExtension() async throws {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            simulator.permissionAnswer = .allow
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            simulator.serviceExtension = StampingService()
            try await simulator.push(["aps": ["alert": ["title": "Hi"], "mutable-content": 1], "id": 7])
            let delivered = try #require(await center.deliveredNotifications().first)
            let userInfo = delivered.request.content.userInfo
            #expect(UserInfoFixture.mismatch(userInfo["stamp"] as? [AnyHashable: Any] ?? [:]) == nil)
            #expect(userInfo["id"] as? Int == 7)   // the push's own payload stays
        }

        @Test func mutableCopyKeepsTheValues() {
            let copy = content("copy").mutableCopy() as? UNMutableNotificationContent
            #expect(UserInfoFixture.mismatch(copy?.userInfo ?? [:]) == nil)
        }
    }
}

/// A service extension that adds the fixture, under `stamp`, to the push's content.
final class StampingService: UNNotificationServiceExtension, @unchecked Sendable {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.userInfo["stamp"] = UserInfoFixture.values
        contentHandler(content)
    }
}
