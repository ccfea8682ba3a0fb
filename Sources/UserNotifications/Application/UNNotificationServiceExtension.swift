import Foundation
import HeraldCore

/// Modifies a push's content before it is shown (pushes whose `aps` has `"mutable-content": 1`
/// and an alert). Subclass it, override `didReceive(_:withContentHandler:)`, and call the content
/// handler within the time limit (30 s); otherwise `serviceExtensionTimeWillExpire()` is your last
/// chance, and after that the original content is shown. Content without alert text is ignored.
///
/// ```swift
/// final class NotificationService: UNNotificationServiceExtension {
///     override func didReceive(_ request: UNNotificationRequest,
///                              withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
///         let content = request.content.mutableCopy() as! UNMutableNotificationContent
///         content.title = "[modified] " + content.title
///         contentHandler(content)
///     }
/// }
/// await HeraldApplication.shared.setServiceExtension(NotificationService())
/// ```
open class UNNotificationServiceExtension: NSObject {
    public override init() {
        super.init()
    }

    /// Called with the push's request; call `contentHandler` with the content to show. The
    /// default shows the original content.
    open func didReceive(_ request: UNNotificationRequest,
                         withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    /// The time limit is about to pass: call the content handler now with your best attempt.
    open func serviceExtensionTimeWillExpire() {}
}

/// Runs a `UNNotificationServiceExtension` for the engine (`ServiceExtensionHost`).
final class ServiceExtensionBridge: ServiceExtensionHost, @unchecked Sendable {
    private let serviceExtension: UNNotificationServiceExtension

    init(serviceExtension: UNNotificationServiceExtension) {
        self.serviceExtension = serviceExtension
    }

    func start(_ request: RequestRecord, contentHandler: @escaping @Sendable (ContentRecord) -> Void) async {
        let request = UNNotificationRequest(record: request)
        serviceExtension.didReceive(request) { content in contentHandler(content.record) }
    }

    func timeWillExpire() async {
        serviceExtension.serviceExtensionTimeWillExpire()
    }
}
