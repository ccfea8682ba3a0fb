// userinfo-probe: app code (it imports only UserNotifications) that stores a userInfo of every
// property-list type in the running herald daemon, and reads it back — for HeraldDaemonTests,
// which restarts the daemon in between.
//
//     userinfo-probe post   # asks permission, adds one pending and one delivered request
//     userinfo-probe read   # prints "pending: ok" and "delivered: ok", or what differs
import Foundation
import UserNotifications

@main
struct UserInfoProbe {
    static func main() async throws {
        let center = UNUserNotificationCenter.current()
        switch CommandLine.arguments.dropFirst().first {
        case "post":
            guard try await center.requestAuthorization(options: [.alert]) else {
                print("denied")
                exit(1)
            }
            for (identifier, trigger) in [("pending", UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false)),
                                          ("delivered", nil)] {
                let content = UNMutableNotificationContent()
                content.title = identifier
                content.userInfo = UserInfoFixture.values
                try await center.add(UNNotificationRequest(identifier: identifier, content: content, trigger: trigger))
            }
            print("posted")
        case "read":
            let pending = await center.pendingNotificationRequests().first { $0.identifier == "pending" }
            let delivered = await center.deliveredNotifications().first { $0.request.identifier == "delivered" }
            print("pending: " + (pending.map { UserInfoFixture.mismatch($0.content.userInfo) ?? "ok" } ?? "missing"))
            print("delivered: " + (delivered.map { UserInfoFixture.mismatch($0.request.content.userInfo) ?? "ok" } ?? "missing"))
        default:
            print("usage: userinfo-probe post|read")
            exit(2)
        }
    }
}
