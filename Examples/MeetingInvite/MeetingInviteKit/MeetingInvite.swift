// The app code of the MeetingInvite sample, written the way Apple's sample code for actionable
// notifications is ("Declaring your actionable notification types"): a MEETING_INVITATION
// category with Accept / Decline and a custom dismiss action, MEETING_ID / USER_ID in userInfo,
// a calendar trigger, and a completion-handler delegate. Nothing here is Linux-specific.
import Foundation
import Synchronization
import UserNotifications

/// What the user did with meeting invitations, in order.
public enum MeetingDecision: Sendable, Hashable {
    case accepted(meetingID: String, userID: String)
    case declined(meetingID: String, userID: String)
    case dismissed(meetingID: String)
    case opened(meetingID: String)
}

/// The sample app's notification logic: registers the category, asks permission, schedules an
/// invitation a few seconds ahead, and handles the user's response.
///
/// ```swift
/// let app = MeetingInviteApp()
/// app.start()                                   // delegate + categories, at launch
/// _ = try await app.requestPermission()
/// try await app.scheduleInvitation(meetingID: "42", userID: "jim")
/// ```
public final class MeetingInviteApp: NSObject, UNUserNotificationCenterDelegate, Sendable {
    public static let categoryIdentifier = "MEETING_INVITATION"
    public static let acceptActionIdentifier = "ACCEPT_ACTION"
    public static let declineActionIdentifier = "DECLINE_ACTION"

    private let state = Mutex<(decisions: [MeetingDecision], presented: [String])>(([], []))

    /// Decisions the user made, oldest first.
    public var decisions: [MeetingDecision] { state.withLock { $0.decisions } }
    /// Identifiers of invitations shown while the app was in the foreground.
    public var presented: [String] { state.withLock { $0.presented } }

    /// At launch: become the delegate and register the category (with every action, at once).
    public func start() {
        let notificationCenter = UNUserNotificationCenter.current()
        notificationCenter.delegate = self

        // Define the custom actions.
        let acceptAction = UNNotificationAction(identifier: MeetingInviteApp.acceptActionIdentifier,
                                                title: "Accept", options: [])
        let declineAction = UNNotificationAction(identifier: MeetingInviteApp.declineActionIdentifier,
                                                 title: "Decline", options: [])
        // Define the notification type.
        let meetingInviteCategory = UNNotificationCategory(identifier: MeetingInviteApp.categoryIdentifier,
                                                           actions: [acceptAction, declineAction],
                                                           intentIdentifiers: [],
                                                           hiddenPreviewsBodyPlaceholder: "",
                                                           options: .customDismissAction)
        // Register the notification type.
        notificationCenter.setNotificationCategories([meetingInviteCategory])
    }

    /// Asks for permission to show alerts and play sounds.
    public func requestPermission() async throws -> Bool {
        try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
    }

    /// The components of a calendar trigger `seconds` after `date`. Computed from the later
    /// *date* — correct across minute, hour and day boundaries (not `(second + 5) % 60`).
    public static func triggerComponents(after date: Date, seconds: TimeInterval = 5) -> DateComponents {
        Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                        from: date.addingTimeInterval(seconds))
    }

    /// Schedules a meeting invitation `seconds` after `now` with a calendar trigger; returns the
    /// request identifier.
    @discardableResult
    public func scheduleInvitation(meetingID: String, userID: String, now: Date = Date(),
                                   seconds: TimeInterval = 5) async throws -> String {
        let content = UNMutableNotificationContent()
        content.title = "Weekly Staff Meeting"
        content.body = "Every Tuesday at 2pm"
        content.sound = .default
        content.userInfo = ["MEETING_ID": meetingID, "USER_ID": userID]
        content.categoryIdentifier = MeetingInviteApp.categoryIdentifier

        let trigger = UNCalendarNotificationTrigger(
            dateMatching: MeetingInviteApp.triggerComponents(after: now, seconds: seconds), repeats: false)
        let identifier = "invite-\(meetingID)"
        let request = UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
        try await UNUserNotificationCenter.current().add(request)
        return identifier
    }

    // MARK: UNUserNotificationCenterDelegate

    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                       withCompletionHandler completionHandler:
                                           @escaping (UNNotificationPresentationOptions) -> Void) {
        state.withLock { $0.presented.append(notification.request.identifier) }
        completionHandler([.banner, .list, .sound])
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                       withCompletionHandler completionHandler: @escaping () -> Void) {
        // Get the meeting ID from the original notification.
        let userInfo = response.notification.request.content.userInfo
        let meetingID = userInfo["MEETING_ID"] as? String ?? ""
        let userID = userInfo["USER_ID"] as? String ?? ""

        // Perform the task associated with the action.
        let decision: MeetingDecision
        switch response.actionIdentifier {
        case MeetingInviteApp.acceptActionIdentifier:
            decision = .accepted(meetingID: meetingID, userID: userID)
        case MeetingInviteApp.declineActionIdentifier:
            decision = .declined(meetingID: meetingID, userID: userID)
        case UNNotificationDismissActionIdentifier:
            decision = .dismissed(meetingID: meetingID)
        default:
            decision = .opened(meetingID: meetingID)
        }
        state.withLock { $0.decisions.append(decision) }

        // Always call the completion handler when done.
        completionHandler()
    }
}
