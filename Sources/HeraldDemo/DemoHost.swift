import Foundation

/// What the demo needs from the center beyond Apple's API: the things iOS does for the user
/// (bring an app to the front, move the device, receive a push). The `herald demo` wiring
/// implements it on the in-process engine.
public protocol DemoHost: Sendable {
    /// Moves an app to the foreground (its delegate is asked `willPresent`) or the background.
    func setForeground(_ isForeground: Bool, bundleIdentifier: String) async
    /// Moves the simulated device; location triggers fire on entering or leaving their region.
    func moveDevice(latitude: Double, longitude: Double) async
    /// Delivers an APNs payload (`simctl push` format) as if it came from Apple's servers.
    func push(_ payload: Data, bundleIdentifier: String?) async throws -> String
    /// Installs an app's notification service extension.
    func setServiceExtension(_ serviceExtension: PushServiceExtension, bundleIdentifier: String) async
    /// Runs `body` as the app with this bundle identifier (so `UNUserNotificationCenter.current()`
    /// is that app's center) — each demo app is its own app, though all share one process.
    func runAsApp<T: Sendable>(_ bundleIdentifier: String, _ body: @Sendable () async throws -> T) async rethrows -> T
}
