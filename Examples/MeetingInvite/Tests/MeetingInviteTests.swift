import Foundation
import MeetingInviteKit
import Testing
import UserNotifications
import UserNotificationsTesting

/// The MeetingInvite sample's app code, driven as the user through the simulator.
@Suite(.serialized, .simulatorIsolation)
struct MeetingInviteTests {
    /// 2027-01-15 at hh:mm:`second`, local time (the sample uses `Calendar.current`).
    private func date(second: Int) -> Date {
        var components = DateComponents()
        components.year = 2027
        components.month = 1
        components.day = 15
        components.hour = 23
        components.minute = 59
        components.second = second
        return Calendar.current.date(from: components)!
    }

    @Test(arguments: [0, 30, 54, 55, 56, 57, 58, 59])
    func invitationFiresFiveSecondsLaterAtAnySecond(second: Int) async throws {
        let start = date(second: second)
        let simulator = NotificationSimulator(now: start, bundleIdentifier: "com.example.meetings")
        let app = MeetingInviteApp()
        app.start()
        #expect(try await app.requestPermission())
        let identifier = try await app.scheduleInvitation(meetingID: "42", userID: "jim", now: start)

        let pending = await UNUserNotificationCenter.current().pendingNotificationRequests()
        let trigger = try #require(pending.first?.trigger as? UNCalendarNotificationTrigger)
        #expect(trigger.nextTriggerDate() == start.addingTimeInterval(5))

        await simulator.advance(by: 4)
        #expect(simulator.presentations.isEmpty)
        await simulator.advance(by: 1)
        #expect(simulator.presentations.map(\.identifier) == [identifier])
        #expect(simulator.presentations.first?.options == [.banner, .list, .sound])
        #expect(simulator.presentations.first?.date == start.addingTimeInterval(5))
        #expect(app.presented == [identifier])
    }

    @Test func acceptDeclineDismiss() async throws {
        let start = date(second: 57)
        let simulator = NotificationSimulator(now: start, bundleIdentifier: "com.example.meetings")
        let app = MeetingInviteApp()
        app.start()
        _ = try await app.requestPermission()
        let first = try await app.scheduleInvitation(meetingID: "1", userID: "jim", now: start)
        let second = try await app.scheduleInvitation(meetingID: "2", userID: "ann", now: start)
        let third = try await app.scheduleInvitation(meetingID: "3", userID: "bob", now: start)
        await simulator.advance(by: 5)
        #expect(simulator.presentations.count == 3)

        try await simulator.perform(action: MeetingInviteApp.acceptActionIdentifier, on: first)
        try await simulator.perform(action: MeetingInviteApp.declineActionIdentifier, on: second)
        try await simulator.dismiss(third)
        #expect(app.decisions == [
            .accepted(meetingID: "1", userID: "jim"),
            .declined(meetingID: "2", userID: "ann"),
            .dismissed(meetingID: "3"),
        ])
        let categories = await UNUserNotificationCenter.current().notificationCategories()
        #expect(categories.first?.options == .customDismissAction)
        #expect(categories.first?.actions.map(\.identifier) == ["ACCEPT_ACTION", "DECLINE_ACTION"])
    }

    @Test func triggerComponentsCrossMinuteHourAndDay() {
        let components = MeetingInviteApp.triggerComponents(after: date(second: 58))
        #expect(components.day == 16 && components.hour == 0 && components.minute == 0 && components.second == 3)
    }
}
