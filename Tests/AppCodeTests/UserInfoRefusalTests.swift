import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension AppCode {
    /// A `userInfo` value that is not a property-list value stops the app at `add`, as Apple's
    /// framework does (it raises `NSInvalidArgumentException` there).
    @Suite struct UserInfoRefusalTests {
        @Test func aCustomValueStopsTheAppAtAdd() async {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
                let content = UNMutableNotificationContent()
                content.title = "Refused"
                content.userInfo = ["ok": 1, "nested": ["link": URL(fileURLWithPath: "/tmp")] as [String: Any]]
                try? await UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "bad", content: content,
                                                                                       trigger: nil))
            }
        }

        @Test func theMessageNamesTheValue() async throws {
            let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
                let content = UNMutableNotificationContent()
                content.userInfo = ["when": DateComponents(hour: 9)]
                try? await UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "bad", content: content,
                                                                                       trigger: nil))
            }
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains(#"userInfo["when"] holds a DateComponents, which is not a property-list value"#), "\(message)")
        }

        @Test func optionalsAndNullAreKept() async throws {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            simulator.permissionAnswer = .allow
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            let content = UNMutableNotificationContent()
            content.title = "Optional"
            let missing: String? = nil
            let present: Int? = 5
            content.userInfo = ["missing": missing as Any, "present": present as Any, "null": NSNull()]
            try await center.add(UNNotificationRequest(identifier: "optional", content: content, trigger: nil))
            let userInfo = try #require(await center.deliveredNotifications().first).request.content.userInfo
            #expect(userInfo["missing"] is NSNull)
            #expect(userInfo["present"] as? Int == 5)
            #expect(userInfo["null"] is NSNull)
        }
    }
}
