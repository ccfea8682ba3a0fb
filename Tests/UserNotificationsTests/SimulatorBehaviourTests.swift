import CoreLocation
import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension UNTests {
    /// Apple's documented behaviours (API.md §4), end to end through the simulator.
    @Suite struct SimulatorBehaviourTests {
        @Test func timeIntervalFiresAndTapReachesDelegate() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            let delegate = RecordingDelegate()
            center.delegate = delegate
            #expect(try await center.requestAuthorization(options: [.alert, .sound]))
            try await center.add(makeRequest("stretch", after: 60))
            #expect(await center.pendingNotificationRequests().map(\.identifier) == ["stretch"])
            await simulator.advance(by: 59)
            #expect(simulator.presentations.isEmpty)
            await simulator.advance(by: 1)
            #expect(simulator.presentations.map(\.identifier) == ["stretch"])
            #expect(simulator.presentations.first?.options == [.banner, .list])
            #expect(delegate.presented == ["stretch"])
            #expect(await center.pendingNotificationRequests().isEmpty)
            let delivered = await center.deliveredNotifications()
            #expect(delivered.map(\.request.identifier) == ["stretch"])
            #expect(delivered.first?.date == simulatorEpoch.addingTimeInterval(60))
            #expect(delivered.first?.request.trigger is UNTimeIntervalNotificationTrigger)
            try await simulator.tap("stretch")
            #expect(delegate.received == [.init(identifier: "stretch", action: UNNotificationDefaultActionIdentifier)])
            await #expect(throws: SimulatorError.notDelivered(identifier: "nope")) { try await simulator.tap("nope") }
        }

        @Test func nextTriggerDateFollowsSimulatedClock() async {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 120, repeats: false)
            #expect(trigger.nextTriggerDate() == simulatorEpoch.addingTimeInterval(120))
            await simulator.advance(by: 30)
            #expect(trigger.nextTriggerDate() == simulatorEpoch.addingTimeInterval(150))
        }

        @Test func repeatingIntervalFiresEveryPeriod() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(UNNotificationRequest(identifier: "tick", content: makeContent("tick"),
                                                       trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60,
                                                                                                  repeats: true)))
            await simulator.advance(by: 180)
            #expect(simulator.presentations.map(\.identifier) == ["tick", "tick", "tick"])
            #expect(await center.pendingNotificationRequests().count == 1)
        }

        @Test func calendarTrigger() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            var components = DateComponents()
            components.calendar = utc
            components.timeZone = utc.timeZone
            components.hour = 8
            let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
            let first = try #require(trigger.nextTriggerDate())
            try await center.add(UNNotificationRequest(identifier: "morning", content: makeContent("Morning"),
                                                       trigger: trigger))
            let pending = await center.pendingNotificationRequests()
            #expect((pending.first?.trigger as? UNCalendarNotificationTrigger)?.dateComponents.hour == 8)
            await simulator.advance(to: first.addingTimeInterval(-1))
            #expect(simulator.presentations.isEmpty)
            await simulator.advance(to: first.addingTimeInterval(86_400))
            #expect(simulator.presentations.map(\.date) == [first, first.addingTimeInterval(86_400)])
        }

        @Test func authorizationFirstAnswerIsRemembered() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            simulator.permissionAnswer = .deny
            let center = UNUserNotificationCenter.current()
            #expect(try await center.requestAuthorization(options: [.alert, .badge]) == false)
            simulator.permissionAnswer = .allow
            #expect(try await center.requestAuthorization(options: [.alert, .badge]) == false)
            let settings = await center.notificationSettings()
            #expect(settings.authorizationStatus == .denied)
            #expect(settings.alertSetting == .disabled)
            try await center.add(makeRequest("quiet"))
            #expect(simulator.presentations.map(\.options) == [[]])
        }

        @Test func provisionalIsQuietAndNeedsNoPrompt() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            simulator.permissionAnswer = .deny
            simulator.isForeground = false
            let center = UNUserNotificationCenter.current()
            #expect(try await center.requestAuthorization(options: [.provisional, .alert, .sound]))
            let settings = await center.notificationSettings()
            #expect(settings.authorizationStatus == .provisional)
            #expect(settings.notificationCenterSetting == .enabled && settings.alertSetting == .disabled)
            let content = makeContent("Quiet", sound: .default)
            try await center.add(UNNotificationRequest(identifier: "p", content: content, trigger: nil))
            #expect(simulator.presentations.map(\.options) == [.list])
        }

        @Test func categoriesReplace() async throws {
            _ = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            let a = UNNotificationCategory(identifier: "A", actions: [], intentIdentifiers: [])
            let b = UNNotificationCategory(identifier: "B", actions: [], intentIdentifiers: [])
            let c = UNNotificationCategory(identifier: "C", actions: [], intentIdentifiers: [], options: .customDismissAction)
            center.setNotificationCategories([a, b])
            #expect(Set(await center.notificationCategories().map(\.identifier)) == ["A", "B"])
            center.setNotificationCategories([c])
            let categories = await center.notificationCategories()
            #expect(categories.map(\.identifier) == ["C"])
            #expect(categories.first?.options == .customDismissAction)
        }

        @Test func sameIdentifierReplaces() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(makeRequest("x", title: "first", after: 60))
            try await center.add(makeRequest("x", title: "second", after: 120))
            let pending = await center.pendingNotificationRequests()
            #expect(pending.count == 1 && pending.first?.content.title == "second")
            await simulator.advance(by: 120)
            #expect(simulator.presentations.map(\.title) == ["second"])
            // A new delivery with the same identifier replaces the delivered one in the list.
            try await center.add(makeRequest("x", title: "third"))
            let delivered = await center.deliveredNotifications()
            #expect(delivered.map(\.request.content.title) == ["third"])
        }

        @Test func pendingLimitKeepsSoonest64() async throws {
            _ = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            for index in (1...70).reversed() {
                try await center.add(makeRequest("r\(index)", after: TimeInterval(index * 60)))
            }
            let pending = await center.pendingNotificationRequests()
            #expect(pending.count == 64)
            #expect(Set(pending.map(\.identifier)) == Set((1...64).map { "r\($0)" }))
        }

        @Test func dismissOnlyWithCustomDismissAction() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            let delegate = RecordingDelegate()
            center.delegate = delegate
            center.setNotificationCategories([
                UNNotificationCategory(identifier: "PLAIN", actions: [], intentIdentifiers: []),
                UNNotificationCategory(identifier: "TRACKED", actions: [], intentIdentifiers: [],
                                       options: .customDismissAction),
            ])
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(makeRequest("plain", category: "PLAIN"))
            try await center.add(makeRequest("tracked", category: "TRACKED"))
            try await simulator.dismiss("plain")
            try await simulator.dismiss("tracked")
            #expect(delegate.received == [.init(identifier: "tracked", action: UNNotificationDismissActionIdentifier)])
            #expect(await center.deliveredNotifications().isEmpty)
        }

        @Test func actionsAndTextInput() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            let delegate = RecordingDelegate()
            center.delegate = delegate
            let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [],
                                                      textInputButtonTitle: "Send", textInputPlaceholder: "Message")
            let like = UNNotificationAction(identifier: "LIKE", title: "Like", options: [])
            center.setNotificationCategories([UNNotificationCategory(identifier: "MESSAGE", actions: [like, reply],
                                                                     intentIdentifiers: [])])
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(makeRequest("m1", category: "MESSAGE"))
            try await center.add(makeRequest("m2", category: "MESSAGE"))
            try await simulator.perform(action: "LIKE", on: "m1")
            try await simulator.reply("On my way", on: "m2")
            #expect(delegate.received == [
                .init(identifier: "m1", action: "LIKE"),
                .init(identifier: "m2", action: "REPLY", userText: "On my way"),
            ])
            let categories = await center.notificationCategories()
            let action = try #require(categories.first?.actions.last as? UNTextInputNotificationAction)
            #expect(action.textInputButtonTitle == "Send" && action.textInputPlaceholder == "Message")
        }

        @Test func badges() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            simulator.isForeground = false
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert, .badge])
            try await center.add(makeRequest("b", badge: 5))
            #expect(simulator.badgeCount == 5)
            try await center.setBadgeCount(2)
            #expect(simulator.badgeCount == 2)
            await #expect(throws: UNError(.badgeInputInvalid)) { try await center.setBadgeCount(-1) }
            #expect(simulator.badgeCount == 2)
            try await center.add(makeRequest("clear", badge: 0))
            #expect(simulator.badgeCount == 0)
        }

        @Test func badgeIgnoredWithoutBadgeAuthorization() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            simulator.isForeground = false
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(makeRequest("b", badge: 5))
            #expect(simulator.badgeCount == 0)
        }

        @Test func removePendingAndDelivered() async throws {
            _ = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            try await center.add(makeRequest("a", after: 60))
            try await center.add(makeRequest("b", after: 60))
            try await center.add(makeRequest("now1"))
            try await center.add(makeRequest("now2"))
            center.removePendingNotificationRequests(withIdentifiers: ["a", "missing"])
            center.removeDeliveredNotifications(withIdentifiers: ["now1"])
            let pending = await center.pendingNotificationRequests().map(\.identifier)
            #expect(pending == ["b"])
            let delivered = await center.deliveredNotifications().map(\.request.identifier)
            #expect(delivered == ["now2"])
            center.removeAllPendingNotificationRequests()
            center.removeAllDeliveredNotifications()
            #expect(await center.pendingNotificationRequests().isEmpty)
            #expect(await center.deliveredNotifications().isEmpty)
        }

        @Test func locationTrigger() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            _ = try await center.requestAuthorization(options: [.alert])
            let office = CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.0090)
            let region = CLCircularRegion(center: office, radius: 200, identifier: "office")
            region.notifyOnExit = false
            try await center.add(UNNotificationRequest(identifier: "arrived", content: makeContent("Arrived"),
                                                       trigger: UNLocationNotificationTrigger(region: region,
                                                                                              repeats: false)))
            await simulator.move(to: CLLocationCoordinate2D(latitude: 37.40, longitude: -122.0090))
            #expect(simulator.presentations.isEmpty)
            await simulator.move(to: office)
            #expect(simulator.presentations.map(\.identifier) == ["arrived"])
            await simulator.move(to: CLLocationCoordinate2D(latitude: 37.40, longitude: -122.0090))
            await simulator.move(to: office)
            #expect(simulator.presentations.count == 1)
            #expect(await center.pendingNotificationRequests().isEmpty)
        }

        @Test func openSettings() async throws {
            let simulator = NotificationSimulator(now: simulatorEpoch)
            let center = UNUserNotificationCenter.current()
            let delegate = RecordingDelegate()
            center.delegate = delegate
            _ = try await center.requestAuthorization(options: [.alert, .providesAppNotificationSettings])
            #expect(await center.notificationSettings().providesAppNotificationSettings)
            try await center.add(makeRequest("s"))
            try await simulator.openSettings(from: "s")
            try await simulator.openSettings()
            #expect(delegate.settingsRequests == ["s", nil])
        }
    }
}
