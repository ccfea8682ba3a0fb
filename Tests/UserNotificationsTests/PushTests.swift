import Foundation
import Synchronization
import Testing
import UserNotifications
import UserNotificationsTesting

extension UNTests {
    @Suite struct PushTests {
        final class Modifying: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest,
                                     withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = "[modified] " + content.title
                contentHandler(content)
            }
        }

        final class Stalling: UNNotificationServiceExtension, @unchecked Sendable {
            let expired = Mutex(false)
            override func didReceive(_ request: UNNotificationRequest,
                                     withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {}
            override func serviceExtensionTimeWillExpire() { expired.withLock { $0 = true } }
        }

        private func payload(_ title: String, mutable: Bool = false, collapseID: String? = nil) -> [String: Any] {
            var aps: [String: Any] = ["alert": ["title": title, "body": "B"], "badge": 3, "sound": "default"]
            if mutable { aps["mutable-content"] = 1 }
            return ["aps": aps, "MEETING_ID": "m-9"]
        }

        @Test func pushIsDeliveredWithUserInfoAndPushTrigger() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            simulator.isForeground = false
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert, .badge, .sound])
            let identifier = try await simulator.push(payload("Hello"))
            #expect(simulator.presentations.map(\.identifier) == [identifier])
            #expect(simulator.badgeCount == 3)
            let delivered = try #require(await center.deliveredNotifications().first)
            #expect(delivered.request.trigger is UNPushNotificationTrigger)
            #expect(delivered.request.content.title == "Hello")
            #expect(delivered.request.content.userInfo["MEETING_ID"] as? String == "m-9")
            #expect(delivered.request.content.sound == .default)
        }

        @Test func serviceExtensionModifies() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            simulator.serviceExtension = Modifying()
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await simulator.push(payload("Hello", mutable: true))
            try await simulator.push(payload("Plain"))
            #expect(simulator.presentations.map(\.title) == ["[modified] Hello", "Plain"])
        }

        @Test func serviceExtensionTimeoutDeliversOriginal() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let stalling = Stalling()
            simulator.serviceExtension = stalling
            simulator.stalledHandlerGrace = 0.05
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await simulator.push(payload("Original", mutable: true))
            #expect(simulator.presentations.map(\.title) == ["Original"])
            #expect(stalling.expired.withLock { $0 })
            #expect(simulator.now >= simulatorEpoch.addingTimeInterval(30))
        }

        @Test func backgroundPushReachesHandler() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let seen = Mutex<[String]>([])
            HeraldApplication.shared.setBackgroundPushHandler { userInfo, completionHandler in
                seen.withLock { $0.append(userInfo["job"] as? String ?? "?") }
                completionHandler(.newData)
            }
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert])
            try await simulator.push(["aps": ["content-available": 1], "job": "sync"])
            #expect(seen.withLock { $0 } == ["sync"])
            #expect(simulator.presentations.allSatisfy { $0.options.isEmpty })
        }

        @Test func deviceTokenIsStable() async {
            _ = NotificationSimulator(now: simulatorEpoch)
            let first = await HeraldApplication.shared.registerForRemoteNotifications()
            let second = await HeraldApplication.shared.registerForRemoteNotifications()
            #expect(first.count == 32 && first == second)
        }
    }
}
