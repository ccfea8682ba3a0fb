// App-style delegates in every shape real apps write. Each logs which method ran; nothing here
// imports HeraldCore — this is what an app sees.
import Synchronization
import UserNotifications

/// Which delegate methods ran, in order.
final class CallLog: Sendable {
    private let calls = Mutex<[String]>([])
    func append(_ call: String) { calls.withLock { $0.append(call) } }
    var all: [String] { calls.withLock { $0 } }
}

/// Completion handlers spelled without `@Sendable` (most apps, and Apple's older docs).
final class PlainCompletionDelegate: NSObject, UNUserNotificationCenterDelegate {
    let log = CallLog()

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping (UNNotificationPresentationOptions) -> Void) {
        log.append("willPresent/handler")
        completionHandler([.banner, .list, .sound])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        log.append("didReceive/handler \(response.actionIdentifier)")
        completionHandler()
    }
}

/// Completion handlers spelled with `@Sendable` (Apple's current SDK).
final class SendableCompletionDelegate: NSObject, UNUserNotificationCenterDelegate {
    let log = CallLog()

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping @Sendable (UNNotificationPresentationOptions) -> Void) {
        log.append("willPresent/handler")
        completionHandler([.list])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping @Sendable () -> Void) {
        log.append("didReceive/handler \(response.actionIdentifier)")
        completionHandler()
    }
}

/// The `async` forms.
final class AsyncDelegate: NSObject, UNUserNotificationCenterDelegate {
    let log = CallLog()

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        log.append("willPresent/async")
        return [.banner]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        log.append("didReceive/async \(response.actionIdentifier)")
    }
}

/// One method in each form.
final class MixedDelegate: NSObject, UNUserNotificationCenterDelegate {
    let log = CallLog()

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping (UNNotificationPresentationOptions) -> Void) {
        log.append("willPresent/handler")
        completionHandler([.banner, .list])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        log.append("didReceive/async \(response.actionIdentifier)")
    }
}

/// A main-actor app delegate whose delegate methods are `nonisolated` (the usual Swift 6 fix).
@MainActor
final class MainActorAppDelegate: NSObject, UNUserNotificationCenterDelegate {
    nonisolated let log = CallLog()
    var badge = 0

    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                            withCompletionHandler completionHandler:
                                                @escaping (UNNotificationPresentationOptions) -> Void) {
        log.append("willPresent/handler")
        completionHandler([.banner, .list, .badge])
    }

    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                            didReceive response: UNNotificationResponse) async {
        log.append("didReceive/async \(response.actionIdentifier)")
        await MainActor.run { self.badge += 1 }
    }
}

/// Conforms but implements nothing.
final class EmptyDelegate: NSObject, UNUserNotificationCenterDelegate {}

/// An `open` base class with a subclass that overrides.
open class BaseDelegate: NSObject, UNUserNotificationCenterDelegate {
    let log = CallLog()

    open func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                     withCompletionHandler completionHandler:
                                         @escaping (UNNotificationPresentationOptions) -> Void) {
        log.append("base willPresent")
        completionHandler([])
    }

    open func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                     withCompletionHandler completionHandler: @escaping () -> Void) {
        log.append("base didReceive")
        completionHandler()
    }
}

final class SubclassDelegate: BaseDelegate {
    override func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                         withCompletionHandler completionHandler:
                                             @escaping (UNNotificationPresentationOptions) -> Void) {
        log.append("subclass willPresent")
        completionHandler([.banner, .list])
    }
}

/// Conformance declared in an extension, with `_` parameter names.
final class ExtensionDelegate: NSObject {
    let log = CallLog()
}

extension ExtensionDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler handler: @escaping (UNNotificationPresentationOptions) -> Void) {
        log.append("willPresent/handler")
        handler([.list, .sound])
    }

    func userNotificationCenter(_: UNUserNotificationCenter, didReceive _: UNNotificationResponse,
                                withCompletionHandler _: @escaping () -> Void) {
        // Never calls the handler (a real-app bug): the center's timeout takes over.
        log.append("didReceive/handler (never completes)")
    }
}

/// Calls its handler twice: the second call is ignored.
final class DoubleCallDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler([.list])
        completionHandler([.banner, .list, .sound])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        completionHandler()
        completionHandler()
    }
}

/// A main-actor class with an isolated conformance (Swift 6.2): its methods stay main-actor
/// isolated and the center calls them on the main actor.
@MainActor
final class IsolatedConformanceDelegate: NSObject {
    let log = CallLog()
    var taps = 0
}

extension IsolatedConformanceDelegate: @MainActor UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler:
                                    @escaping (UNNotificationPresentationOptions) -> Void) {
        MainActor.assertIsolated()
        log.append("willPresent/handler")
        completionHandler([.banner])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        MainActor.assertIsolated()
        taps += 1
        log.append("didReceive/handler")
        completionHandler()
    }
}
