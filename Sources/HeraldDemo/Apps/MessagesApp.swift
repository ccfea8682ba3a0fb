import Foundation
import UserNotifications

/// The demo's Messages app (`com.example.messages`): conversations in threads, a text-input
/// Reply action, Mark as Read, a badge that counts unread messages — written with `async`
/// delegate methods.
@MainActor
public final class MessagesApp: NSObject, UNUserNotificationCenterDelegate {
    public nonisolated static let bundleIdentifier = "com.example.messages"

    /// Unread messages; the app badge shows it.
    public private(set) var unread = 0
    /// Replies the user typed, oldest first (what a real app would send).
    public private(set) var sentReplies: [(to: String, text: String)] = []
    private var messageNumber = 0

    public override init() { super.init() }

    public func didFinishLaunching() async {
        let center = UNUserNotificationCenter.current()
        center.delegate = self

        let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [],
                                                  textInputButtonTitle: "Send",
                                                  textInputPlaceholder: "Type your reply…")
        let markRead = UNNotificationAction(identifier: "MARK_READ", title: "Mark as Read", options: [])
        let message = UNNotificationCategory(identifier: "MESSAGE", actions: [reply, markRead],
                                             intentIdentifiers: [],
                                             hiddenPreviewsBodyPlaceholder: "%u new messages",
                                             categorySummaryFormat: "%u more messages",
                                             options: [.hiddenPreviewsShowTitle])
        center.setNotificationCategories([message])

        // After a relaunch the count goes on from the messages still in Notification Center;
        // starting from 0 would turn a badge of 2 into 1 with the next message.
        unread = await center.deliveredNotifications()
            .filter { $0.request.content.categoryIdentifier == "MESSAGE" }.count

        do {
            let granted = try await center.requestAuthorization(options: [.alert, .sound, .badge])
            DemoLog.shared.write("Messages", "requestAuthorization → \(granted ? "granted" : "denied")")
        } catch {
            DemoLog.shared.write("Messages", "requestAuthorization failed: \(error)")
        }
    }

    /// A message arrives from `sender`, now, or after `delay` seconds.
    public func receive(from sender: String, text: String, after delay: TimeInterval? = nil) async {
        unread += 1
        messageNumber += 1
        let content = UNMutableNotificationContent()
        content.title = sender
        content.body = text
        content.threadIdentifier = "chat-\(sender.lowercased())"
        content.categoryIdentifier = "MESSAGE"
        content.userInfo = ["SENDER": sender]
        content.sound = .default
        content.badge = NSNumber(value: unread)
        let trigger = delay.map { UNTimeIntervalNotificationTrigger(timeInterval: $0, repeats: false) }
        let request = UNNotificationRequest(identifier: "message-\(messageNumber)-\(UUID().uuidString.prefix(8))",
                                            content: content, trigger: trigger)
        do {
            try await UNUserNotificationCenter.current().add(request)
        } catch {
            DemoLog.shared.write("Messages", "add failed: \(error)")
        }
    }

    public nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                                   willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions {
        // The conversation is on screen while the app is in front: list and badge, no banner.
        let options: UNNotificationPresentationOptions = [.list, .badge, .sound]
        DemoLog.shared.write("Messages", "willPresent from \(notification.request.content.title) → \(options.demoDescription)")
        return options
    }

    public nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                                   didReceive response: UNNotificationResponse) async {
        let sender = response.notification.request.content.userInfo["SENDER"] as? String
            ?? response.notification.request.content.title
        if let textResponse = response as? UNTextInputNotificationResponse {
            DemoLog.shared.write("Messages", "didReceive REPLY to \(sender): \"\(textResponse.userText)\"")
            await recordReply(to: sender, text: textResponse.userText)
        } else {
            DemoLog.shared.write("Messages", "didReceive \(response.actionIdentifier == UNNotificationDefaultActionIdentifier ? "OPEN" : response.actionIdentifier) from \(sender)")
            await markRead()
        }
    }

    private func recordReply(to sender: String, text: String) async {
        sentReplies.append((sender, text))
        await markRead()
        let answers = ["Sounds good!", "Great, see you then 👍", "Haha, sure.", "Thanks!"]
        await receive(from: sender, text: answers[sentReplies.count % answers.count], after: 3)
        DemoLog.shared.write("Messages", "\(sender) is typing… (answer in 3 s)")
    }

    private func markRead() async {
        unread = max(0, unread - 1)
        try? await UNUserNotificationCenter.current().setBadgeCount(unread)
    }
}
