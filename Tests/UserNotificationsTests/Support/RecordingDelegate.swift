import Foundation
import Synchronization
import UserNotifications

/// A delegate that presents with fixed options and records what it is told.
final class RecordingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    struct Received: Sendable, Equatable {
        var identifier: String
        var action: String
        var userText: String?
    }

    private let state = Mutex<(presented: [String], received: [Received], settings: [String?])>(([], [], []))
    let options: UNNotificationPresentationOptions

    init(options: UNNotificationPresentationOptions = [.banner, .list, .sound, .badge]) {
        self.options = options
    }

    var presented: [String] { state.withLock { $0.presented } }
    var received: [Received] { state.withLock { $0.received } }
    var settingsRequests: [String?] { state.withLock { $0.settings } }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping @Sendable (UNNotificationPresentationOptions) -> Void) {
        state.withLock { $0.presented.append(notification.request.identifier) }
        completionHandler(options)
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping @Sendable () -> Void) {
        let received = Received(identifier: response.notification.request.identifier,
                                action: response.actionIdentifier,
                                userText: (response as? UNTextInputNotificationResponse)?.userText)
        state.withLock { $0.received.append(received) }
        completionHandler()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        state.withLock { $0.settings.append(notification?.request.identifier) }
    }
}

/// Content with a title (and optionally more), for short tests.
func makeContent(_ title: String, category: String = "", badge: Int? = nil,
                 sound: UNNotificationSound? = nil) -> UNMutableNotificationContent {
    let content = UNMutableNotificationContent()
    content.title = title
    content.categoryIdentifier = category
    if let badge { content.badge = NSNumber(value: badge) }
    content.sound = sound
    return content
}

/// A time-interval request.
func makeRequest(_ identifier: String, title: String? = nil, after seconds: TimeInterval? = nil,
                 category: String = "", badge: Int? = nil) -> UNNotificationRequest {
    UNNotificationRequest(identifier: identifier,
                          content: makeContent(title ?? identifier, category: category, badge: badge),
                          trigger: seconds.map { UNTimeIntervalNotificationTrigger(timeInterval: $0, repeats: false) })
}

let simulatorEpoch = Date(timeIntervalSince1970: 1_800_000_000)
