import CoreLocation
import Foundation
import Testing
import UserNotifications

extension UNTests {
    @Suite struct TriggerTests {
        /// "Now" is the real clock here (no simulator installed).
        init() { NotificationSystemRegistry.reset() }

        @Test func timeInterval() throws {
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: true)
            #expect(trigger.timeInterval == 90 && trigger.repeats)
            let next = try #require(trigger.nextTriggerDate())
            #expect(abs(next.timeIntervalSinceNow - 90) < 5)
            let once = UNTimeIntervalNotificationTrigger(timeInterval: 0.5, repeats: false)
            #expect(!once.repeats)
            let same = trigger.copy() as AnyObject
            #expect(ObjectIdentifier(same) == ObjectIdentifier(trigger))
        }

        @Test func repeatingUnderSixtyTraps() async {
            await #expect(processExitsWith: .failure) {
                _ = UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: true)
            }
        }

        @Test func repeatingRuleIsCheckedFirstWithAppleMessage() async throws {
            let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: true)
            }
            let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(stderr.contains("time interval must be at least 60 if repeating"))
        }

        @Test func zeroTraps() async {
            await #expect(processExitsWith: .failure) {
                _ = UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: false)
            }
        }

        @Test func nanTraps() async {
            await #expect(processExitsWith: .failure) {
                _ = UNTimeIntervalNotificationTrigger(timeInterval: .nan, repeats: false)
            }
        }

        @Test func calendarMatchesOnlyGivenComponents() throws {
            var components = DateComponents()
            components.hour = 8
            components.calendar = Calendar(identifier: .gregorian)
            components.timeZone = TimeZone(identifier: "UTC")
            let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
            #expect(trigger.dateComponents.hour == 8 && trigger.repeats)
            let next = try #require(trigger.nextTriggerDate())
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let parts = utc.dateComponents([.hour, .minute, .second], from: next)
            #expect(parts.hour == 8 && parts.minute == 0 && parts.second == 0)
            #expect(next > Date() && next.timeIntervalSinceNow <= 86_400)
        }

        @Test func calendarPastYearIsNil() {
            var components = DateComponents()
            components.year = 2001
            components.month = 1
            components.day = 1
            let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
            #expect(trigger.nextTriggerDate() == nil)
        }

        @Test func location() throws {
            let center = CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.0090)
            let region = CLCircularRegion(center: center, radius: 100, identifier: "campus")
            region.notifyOnExit = false
            let trigger = UNLocationNotificationTrigger(region: region, repeats: false)
            region.notifyOnEntry = false
            let stored = try #require(trigger.region as? CLCircularRegion)
            #expect(stored.identifier == "campus" && stored.notifyOnEntry && !stored.notifyOnExit)
            #expect(stored.center == center && stored.radius == 100)
        }
    }

    @Suite struct CoreLocationTests {
        @Test func coordinates() {
            #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4)))
            #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
            #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: 181)))
            #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
            #expect(CLLocationCoordinate2DMake(1, 2) == CLLocationCoordinate2D(latitude: 1, longitude: 2))
        }

        @Test func circularRegionContains() {
            let berlin = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 52.5200, longitude: 13.4050),
                                          radius: 1_000, identifier: "berlin")
            #expect(berlin.contains(CLLocationCoordinate2D(latitude: 52.5200, longitude: 13.4050)))
            // ~780 m north.
            #expect(berlin.contains(CLLocationCoordinate2D(latitude: 52.5270, longitude: 13.4050)))
            // ~1.1 km north.
            #expect(!berlin.contains(CLLocationCoordinate2D(latitude: 52.5300, longitude: 13.4050)))
            #expect(berlin.notifyOnEntry && berlin.notifyOnExit)
            let copy = berlin.copy() as! CLCircularRegion
            let isSameObject = copy === berlin
            #expect(copy == berlin && !isSameObject)
        }
    }
}
