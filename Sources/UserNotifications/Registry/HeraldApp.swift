import Foundation

/// Which app the calling code is. `UNUserNotificationCenter.current()` returns that app's center.
///
/// The identity is, in order: the task-local `HeraldApp.bundleIdentifier` (so one process can
/// play several apps, as `herald demo` does), the identity the installed system was given (the
/// `NotificationSimulator`'s app), the `HERALD_BUNDLE_ID` environment variable, the main
/// bundle's identifier, and finally the executable's name. It is never missing.
///
/// ```swift
/// await HeraldApp.$bundleIdentifier.withValue("com.example.calendar") {
///     let center = UNUserNotificationCenter.current()   // Calendar's center
///     try? await center.add(request)
/// }
/// ```
public enum HeraldApp {
    /// Overrides the app identity for the current task and the tasks it creates.
    @TaskLocal public static var bundleIdentifier: String?

    /// The identity `UNUserNotificationCenter.current()` uses right now.
    public static var currentBundleIdentifier: String {
        if let identifier = bundleIdentifier, !identifier.isEmpty { return identifier }
        if let identifier = NotificationSystemRegistry.installedBundleIdentifier, !identifier.isEmpty { return identifier }
        if let identifier = ProcessInfo.processInfo.environment["HERALD_BUNDLE_ID"], !identifier.isEmpty {
            return identifier
        }
        if let identifier = Bundle.main.bundleIdentifier, !identifier.isEmpty { return identifier }
        let name = ProcessInfo.processInfo.processName
        return name.isEmpty ? "unknown.app" : name
    }
}
