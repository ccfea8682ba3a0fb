import Foundation
import HeraldCore

/// The Linux stand-in for the bits of `UIApplication` / `NSApplication` that notifications need:
/// remote-notification registration, the background-push handler, the app's foreground state,
/// and the notification service extension.
///
/// ```swift
/// let token = await HeraldApplication.shared.registerForRemoteNotifications()
/// print(token.map { String(format: "%02x", $0) }.joined())   // for `herald push --token`
///
/// HeraldApplication.shared.setBackgroundPushHandler { userInfo, completionHandler in
///     refresh(userInfo)
///     completionHandler(.newData)
/// }
/// ```
///
/// Everything here is per app: `shared` is the current app's (`HeraldApp`).
public final class HeraldApplication: Sendable {
    let center: UNUserNotificationCenter

    init(center: UNUserNotificationCenter) { self.center = center }

    /// The current app's application object.
    public static var shared: HeraldApplication { HeraldApplication(center: .current()) }

    /// Registers with the push service and returns the app's device token (32 bytes, stable per
    /// app; do not assume the size). Apple delivers it to
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func registerForRemoteNotifications() async -> Data {
        await center.perform { center in await center.system.deviceToken(bundleIdentifier: center.bundleIdentifier) }
    }

    /// Installs the handler for `content-available` pushes, Apple's
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`. It runs on the main
    /// actor; call the completion handler when done (in time, or the push counts as `.failed`).
    public func setBackgroundPushHandler(
        _ handler: @escaping @Sendable (_ userInfo: [AnyHashable: Any],
                                        _ completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void) -> Void
    ) {
        center.backgroundPushHandler = handler
    }

    /// Removes the background-push handler.
    public func removeBackgroundPushHandler() {
        center.backgroundPushHandler = nil
    }

    /// Tells the center whether the app is in the foreground (`willPresent` is asked) or the
    /// background (the center presents by itself).
    public func setForeground(_ isForeground: Bool) async {
        await center.perform { center in
            await center.system.setForeground(isForeground, bundleIdentifier: center.bundleIdentifier)
        }
    }

    /// Runs `serviceExtension` for this app's pushes with `mutable-content: 1` (Apple loads the
    /// extension target named in its Info.plist). `nil` removes it.
    public func setServiceExtension(_ serviceExtension: UNNotificationServiceExtension?) async {
        let host = serviceExtension.map { ServiceExtensionBridge(serviceExtension: $0) }
        await center.perform { center in
            await center.system.setServiceExtension(host, bundleIdentifier: center.bundleIdentifier)
        }
    }
}
