import CoreLocation
import Foundation
import UserNotifications

/// The demo's Reminders app (`com.example.reminders`): a daily calendar reminder, a 60-second
/// repeating interval and a location reminder. It sets a delegate that implements neither
/// method — so, by Apple's rule, nothing is presented while it is in the foreground.
@MainActor
public final class RemindersApp: NSObject, UNUserNotificationCenterDelegate {
    public nonisolated static let bundleIdentifier = "com.example.reminders"

    /// The office region of the location reminder (Alexanderplatz, Berlin; 200 m).
    public static let office = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 52.5219, longitude: 13.4132),
                                                radius: 200, identifier: "office")

    public override init() { super.init() }

    public func didFinishLaunching() async {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        do {
            let granted = try await center.requestAuthorization(options: [.alert, .sound])
            DemoLog.shared.write("Reminders", "requestAuthorization → \(granted ? "granted" : "denied")")
        } catch {
            DemoLog.shared.write("Reminders", "requestAuthorization failed: \(error)")
        }
    }

    /// Schedules the three reminders (replacing earlier ones with the same identifiers).
    public func scheduleReminders() async {
        let center = UNUserNotificationCenter.current()

        let standup = UNMutableNotificationContent()
        standup.title = "Stand-up"
        standup.body = "Daily stand-up in the small room"
        standup.sound = .default
        var nineAM = DateComponents()
        nineAM.hour = 9
        nineAM.minute = 0
        let daily = UNCalendarNotificationTrigger(dateMatching: nineAM, repeats: true)

        let stretch = UNMutableNotificationContent()
        stretch.title = "Stretch"
        stretch.body = "Stand up and stretch for a minute"
        let everyMinute = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)

        let office = UNMutableNotificationContent()
        office.title = "At the office"
        office.body = "Pick up the parcel at the front desk"
        office.sound = .default
        let region = RemindersApp.office
        region.notifyOnEntry = true
        region.notifyOnExit = false
        let arriving = UNLocationNotificationTrigger(region: region, repeats: false)

        let requests = [
            UNNotificationRequest(identifier: "daily-standup", content: standup, trigger: daily),
            UNNotificationRequest(identifier: "stretch", content: stretch, trigger: everyMinute),
            UNNotificationRequest(identifier: "office-parcel", content: office, trigger: arriving),
        ]
        for request in requests {
            do {
                try await center.add(request)
            } catch {
                DemoLog.shared.write("Reminders", "add \(request.identifier) failed: \(error)")
            }
        }
        let next = daily.nextTriggerDate().map(DemoLog.time) ?? "never"
        DemoLog.shared.write("Reminders", "scheduled: stand-up daily at 9:00 (next \(next)), stretch every 60 s, parcel on arriving at the office (move 52.5219,13.4132)")
    }
}
