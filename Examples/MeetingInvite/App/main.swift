// meeting-invite-example: Apple's meeting-invitation sample, running on Linux.
//
//     swift run meeting-invite-example
//
// Registers the MEETING_INVITATION category, asks permission, schedules an invitation five
// seconds ahead with a calendar trigger, and prints what the center does with it. It talks to
// the running herald daemon (started in the background when none runs), like any program using
// UNUserNotificationCenter.current().
import Foundation
import MeetingInviteKit
import UserNotifications

let app = MeetingInviteApp()
app.start()

// The permission prompt shows in `herald ui` (the daemon's user interface); the answer is remembered.
print("Asking permission: answer the prompt in `herald ui`.")
let granted = try await app.requestPermission()
print("Permission granted: \(granted)")

let now = Date()
let components = MeetingInviteApp.triggerComponents(after: now)
print("Now: \(now). Invitation scheduled for \(components.hour ?? 0):\(components.minute ?? 0):\(components.second ?? 0)")
let identifier = try await app.scheduleInvitation(meetingID: "42", userID: "jim", now: now)

let center = UNUserNotificationCenter.current()
for request in await center.pendingNotificationRequests() {
    let next = (request.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate()
    print("Pending: \(request.identifier) fires at \(next.map { "\($0)" } ?? "never")")
}

// Wait (on the main actor, so the delegate can run) until the invitation has been delivered.
let deadline = Date().addingTimeInterval(15)
while !app.presented.contains(identifier) && Date() < deadline {
    try await Task.sleep(nanoseconds: 100_000_000)
}
let delivered = await center.deliveredNotifications()
for notification in delivered {
    let content = notification.request.content
    print("Delivered at \(notification.date): \(content.title) — \(content.body) [\(content.categoryIdentifier)]")
}
print(app.presented.contains(identifier) ? "The delegate presented the invitation." : "Not delivered in time.")
