import Foundation
import HeraldClient
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

/// Runs a `UNNotificationServiceExtension` for a notification system (HeraldCore's
/// `ServiceExtensionHost`): converts the push's request, calls `didReceive(_:withContentHandler:)`
/// and hands the content back. Used by `HeraldApplication.setServiceExtension(_:)`, the
/// simulator and `herald demo`; apps never need it.
///
/// ```swift
/// await engine.setServiceExtension(ServiceExtensionBridge(serviceExtension: NotificationService()),
///                                  bundleIdentifier: "com.example.app")
/// ```
// unchecked: holds the app's extension object (an open class, not Sendable, as on Apple's platforms).
public final class ServiceExtensionBridge: ServiceExtensionHost, @unchecked Sendable {
    private let serviceExtension: UNNotificationServiceExtension

    public init(serviceExtension: UNNotificationServiceExtension) {
        self.serviceExtension = serviceExtension
    }

    public func start(_ request: RequestRecord, contentHandler: @escaping @Sendable (ContentRecord) -> Void) async {
        let original = request.content
        serviceExtension.didReceive(UNNotificationRequest(record: request)) { content in
            do {
                contentHandler(try content.checkedRecord())
            } catch {
                // Apple's extension process dies encoding such content, and the original is shown.
                RemoteNotificationSystem.logToStandardError(
                    "UNNotificationServiceExtension: the content handler's \(error); the original content is shown")
                contentHandler(original)
            }
        }
    }

    public func timeWillExpire() async {
        serviceExtension.serviceExtensionTimeWillExpire()
    }
}
