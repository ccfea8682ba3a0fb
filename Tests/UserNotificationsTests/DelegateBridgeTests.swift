import Foundation
import HeraldCore
import Testing
import UserNotifications

extension UNTests {
    /// The delegate bridge (`AppConnection`) driven directly, against a fake system.
    @Suite struct DelegateBridgeTests {
        let fake = FakeSystem()

        init() { NotificationSystemRegistry.install(fake, delegateTimeout: 0.5) }

        private func connectedCenter() async throws -> (UNUserNotificationCenter, any AppConnection) {
            let center = HeraldApp.$bundleIdentifier.withValue("com.example.fake") { UNUserNotificationCenter.current() }
            _ = await center.pendingNotificationRequests()
            let connection = try #require(await fake.connection)
            return (center, connection)
        }

        private func delivered(_ id: String = "n1", category: String = "") -> DeliveredRecord {
            DeliveredRecord(deliveryID: 7, bundleIdentifier: "com.example.fake",
                            request: RequestRecord(identifier: id,
                                                   content: ContentRecord(title: "T", userInfo: ["k": "v"],
                                                                          categoryIdentifier: category)),
                            date: Date(timeIntervalSince1970: 1_000), presentation: [])
        }

        final class HandlerDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
            var seen: [String] = []
            var userText: String?
            func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                        withCompletionHandler completionHandler:
                                            @escaping (UNNotificationPresentationOptions) -> Void) {
                seen.append("willPresent \(notification.request.identifier) \(notification.request.content.userInfo["k"] as? String ?? "")")
                completionHandler([.banner, .sound])
                completionHandler([.list])   // a second call is ignored
            }
            func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                        withCompletionHandler completionHandler: @escaping () -> Void) {
                seen.append("didReceive \(response.actionIdentifier)")
                userText = (response as? UNTextInputNotificationResponse)?.userText
                completionHandler()
            }
        }

        final class AsyncDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
            var seen: [String] = []
            func userNotificationCenter(_ center: UNUserNotificationCenter,
                                        willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
                seen.append("willPresent")
                return [.list]
            }
            func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
                seen.append("didReceive")
            }
        }

        final class EmptyDelegate: NSObject, UNUserNotificationCenterDelegate {}

        final class SilentDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
            func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                        withCompletionHandler _: @escaping (UNNotificationPresentationOptions) -> Void) {}
        }

        @Test func completionHandlerDelegate() async throws {
            let (center, connection) = try await connectedCenter()
            let delegate = HandlerDelegate()
            center.delegate = delegate
            #expect(await connection.willPresent(delivered()) == .options([.banner, .sound]))
            let response = ResponseRecord(notification: delivered(), action: .reply(actionIdentifier: "REPLY", text: "hi"),
                                          date: Date())
            await connection.didReceive(response)
            #expect(delegate.seen == ["willPresent n1 v", "didReceive REPLY"])
            #expect(delegate.userText == "hi")
        }

        @Test func asyncDelegate() async throws {
            let (center, connection) = try await connectedCenter()
            let delegate = AsyncDelegate()
            center.delegate = delegate
            #expect(await connection.willPresent(delivered()) == .options([.list]))
            await connection.didReceive(ResponseRecord(notification: delivered(), action: .open, date: Date()))
            #expect(delegate.seen == ["willPresent", "didReceive"])
        }

        @Test func notImplementedAndNoDelegate() async throws {
            let (center, connection) = try await connectedCenter()
            #expect(await connection.willPresent(delivered()) == .noDelegate)
            let delegate = EmptyDelegate()
            center.delegate = delegate
            #expect(await connection.willPresent(delivered()) == .notImplemented)
            await connection.didReceive(ResponseRecord(notification: delivered(), action: .open, date: Date()))
            center.delegate = nil
        }

        @Test func handlerNeverCalledTimesOut() async throws {
            let (center, connection) = try await connectedCenter()
            let delegate = SilentDelegate()
            center.delegate = delegate
            let start = Date()
            #expect(await connection.willPresent(delivered()) == .timedOut)
            #expect(Date().timeIntervalSince(start) < 5)
        }

        @Test func delegateIsWeak() async throws {
            let (center, _) = try await connectedCenter()
            do {
                let delegate = EmptyDelegate()
                center.delegate = delegate
                #expect(center.delegate != nil)
            }
            #expect(center.delegate == nil)
        }

        @Test func backgroundPushHandler() async throws {
            let (_, connection) = try await connectedCenter()
            #expect(await connection.didReceiveBackgroundPush(["a": 1]) == nil)
            HeraldApp.$bundleIdentifier.withValue("com.example.fake") {
                HeraldApplication.shared.setBackgroundPushHandler { userInfo, completionHandler in
                    completionHandler(userInfo["a"] as? Int == 1 ? .newData : .failed)
                }
            }
            #expect(await connection.didReceiveBackgroundPush(["a": 1]) == .newData)
        }
    }
}
