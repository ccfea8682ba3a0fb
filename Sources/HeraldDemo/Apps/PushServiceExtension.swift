import Foundation
import UserNotifications

/// The demo's notification service extension: for a push with `mutable-content`, it rewrites
/// the title and attaches a photo — what a real extension does after downloading media.
// unchecked: an extension keeps the request in progress in `var`s, as Apple's do; one request at a time.
public final class PushServiceExtension: UNNotificationServiceExtension, @unchecked Sendable {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttempt: UNMutableNotificationContent?

    public override func didReceive(_ request: UNNotificationRequest,
                                    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        bestAttempt = content
        content.title = "\(content.title) [modified]"
        if let photo = try? DemoAssets.temporaryCopy(of: "photo.png"),
           let attachment = try? UNNotificationAttachment(identifier: "photo", url: photo, options: nil) {
            content.attachments = [attachment]
        }
        DemoLog.shared.write("Extension", "didReceive push \(request.identifier): title edited, photo.png attached")
        contentHandler(content)
    }

    public override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttempt {
            contentHandler(bestAttempt)
        }
    }

    /// The sample push the demo's `push` command sends (the `xcrun simctl push` file format).
    public static let samplePayload = """
    {
      "Simulator Target Bundle": "com.example.messages",
      "aps": {
        "alert": { "title": "Dana", "body": "Look at this view from the hike!" },
        "sound": "default",
        "thread-id": "chat-dana",
        "category": "MESSAGE",
        "mutable-content": 1
      },
      "SENDER": "Dana"
    }
    """
}
