import Foundation
import Synchronization
import UserNotifications

/// The example app's delegate: presents notifications in the foreground and remembers every
/// response, printing each as it arrives.
final class RemoteAppDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let state = Mutex<(presented: [String], responses: [String])>(([], []))

    /// Identifiers of the notifications `willPresent` was asked about.
    var presented: [String] { state.withLock { $0.presented } }
    /// `ACTION identifier` for every response, oldest first.
    var responses: [String] { state.withLock { $0.responses } }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        let identifier = notification.request.identifier
        say("willPresent: \(identifier)")
        state.withLock { $0.presented.append(identifier) }
        return [.banner, .list, .sound]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let identifier = response.notification.request.identifier
        let meeting = response.notification.request.content.userInfo["MEETING_ID"] as? String ?? "?"
        var line = "didReceive: \(response.actionIdentifier) \(identifier) meeting=\(meeting)"
        if let text = (response as? UNTextInputNotificationResponse)?.userText { line += " text=\(text)" }
        say(line)
        state.withLock { $0.responses.append("\(response.actionIdentifier) \(identifier)") }
    }
}

/// Prints one line at once (unbuffered, so a reader of a pipe sees it as it happens).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
