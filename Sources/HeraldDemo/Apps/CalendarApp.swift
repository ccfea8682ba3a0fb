import Foundation
import UserNotifications

/// The demo's Calendar app (`com.example.calendar`): meeting invitations with Accept / Decline,
/// written the way Apple's sample code writes it — categories registered at launch, the delegate
/// set before anything else, completion-handler delegate methods.
@MainActor
public final class CalendarApp: NSObject, UNUserNotificationCenterDelegate {
    public nonisolated static let bundleIdentifier = "com.example.calendar"

    /// Meetings the user accepted or declined, by meeting id (what a real app would store).
    public private(set) var answers: [String: String] = [:]

    public override init() { super.init() }

    /// `application(_:didFinishLaunchingWithOptions:)`: delegate first, then categories, then permission.
    public func didFinishLaunching() async {
        let center = UNUserNotificationCenter.current()
        center.delegate = self

        let acceptAction = UNNotificationAction(identifier: "ACCEPT_INVITATION", title: "Accept",
                                                options: [.foreground])
        let declineAction = UNNotificationAction(identifier: "DECLINE_INVITATION", title: "Decline",
                                                 options: [.destructive])
        let meetingInviteCategory = UNNotificationCategory(
            identifier: "MEETING_INVITATION",
            actions: [acceptAction, declineAction],
            intentIdentifiers: [],
            hiddenPreviewsBodyPlaceholder: "%u meeting invitations",
            options: .customDismissAction)
        center.setNotificationCategories([meetingInviteCategory])

        do {
            let granted = try await center.requestAuthorization(options: [.alert, .sound, .badge])
            DemoLog.shared.write("Calendar", "requestAuthorization → \(granted ? "granted" : "denied")")
        } catch {
            DemoLog.shared.write("Calendar", "requestAuthorization failed: \(error)")
        }
    }

    /// Schedules the staff-meeting invitation five seconds from `now` with a calendar trigger.
    public func scheduleInvitation(now: Date = Date()) {
        let content = UNMutableNotificationContent()
        content.title = "Hey Jim! Weekly Staff Meeting"
        content.body = "Every Tuesday at 2pm"
        content.userInfo = ["MEETING_ID": "123", "USER_ID": "456"]
        content.categoryIdentifier = "MEETING_INVITATION"
        content.sound = .default
        let image: URL?
        do {
            image = try DemoAssets.temporaryCopy(of: "jim@2x.png")
        } catch {
            image = nil
            DemoLog.shared.write("Calendar", "attachment failed: \(error)")
        }
        if let image {
            do {
                content.attachments = [try UNNotificationAttachment(identifier: "jim", url: image, options: nil)]
            } catch {
                DemoLog.shared.write("Calendar", "attachment failed: \(error)")
            }
        }

        let trigger = UNCalendarNotificationTrigger(dateMatching: DemoSchedule.components(5, after: now),
                                                    repeats: false)
        let request = UNNotificationRequest(identifier: "staff-meeting-\(Int(now.timeIntervalSince1970))",
                                            content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request) { error in
            if let image { DemoAssets.removeTemporaryFolder(of: image) }   // the center has its own copy now
            if let error {
                DemoLog.shared.write("Calendar", "add failed: \(error)")
            } else {
                DemoLog.shared.write("Calendar", "invitation scheduled in 5 s (calendar trigger)")
            }
        }
    }

    public nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                                   willPresent notification: UNNotification,
                                                   withCompletionHandler completionHandler:
                                                   @escaping (UNNotificationPresentationOptions) -> Void) {
        let options: UNNotificationPresentationOptions = [.banner, .list, .sound]
        DemoLog.shared.write("Calendar", "willPresent \(notification.request.content.categoryIdentifier) → \(options.demoDescription)")
        completionHandler(options)
    }

    public nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                                   didReceive response: UNNotificationResponse,
                                                   withCompletionHandler completionHandler: @escaping () -> Void) {
        let userInfo = response.notification.request.content.userInfo
        let meetingID = userInfo["MEETING_ID"] as? String ?? "?"
        let userID = userInfo["USER_ID"] as? String ?? "?"
        if response.notification.request.content.categoryIdentifier == "MEETING_INVITATION" {
            let name: String
            switch response.actionIdentifier {
            case "ACCEPT_INVITATION": name = "ACCEPT_INVITATION"
            case "DECLINE_INVITATION": name = "DECLINE_INVITATION"
            case UNNotificationDefaultActionIdentifier: name = "OPEN"
            case UNNotificationDismissActionIdentifier: name = "DISMISS"
            default: name = response.actionIdentifier
            }
            DemoLog.shared.write("Calendar", "didReceive \(name) meetingId=\(meetingID) userId=\(userID)")
            Task { @MainActor in self.answers[meetingID] = name }
        }
        completionHandler()
    }
}

extension UNNotificationPresentationOptions {
    /// `[banner, list, sound]` — for the demo's log.
    var demoDescription: String {
        var names: [String] = []
        if contains(.banner) { names.append("banner") }
        if contains(.list) { names.append("list") }
        if contains(.sound) { names.append("sound") }
        if contains(.badge) { names.append("badge") }
        return "[" + names.joined(separator: ", ") + "]"
    }
}
