import Foundation
import Synchronization
import HeraldCore

/// Which notification system `UNUserNotificationCenter` talks to: an in-process engine, or a
/// client of a running `herald` daemon. The simulator and `herald demo` install one; with none
/// installed, the first `current()` connects to the running daemon, starting one when needed,
/// and falls back to a private in-process center only when that fails (see `DefaultSystem`).
///
/// Centers are made once per (system, app) and cached; installing or resetting drops the cache.
///
/// ```swift
/// NotificationSystemRegistry.install(engine, clock: clock)
/// defer { NotificationSystemRegistry.reset() }
/// let center = UNUserNotificationCenter.current()
/// ```
public enum NotificationSystemRegistry {
    struct Installation {
        var system: any NotificationSystem
        var clock: (any NotificationClock)?
        var delegateTimeout: TimeInterval
        var bundleIdentifier: String?
        /// Whether an app counts as in the foreground once it connects (the default system: the
        /// program using it is the running, frontmost app).
        var appsStartInForeground = false
    }

    private struct State {
        var installation: Installation?
        var fallback: Installation?
        var centers: [String: UNUserNotificationCenter] = [:]
    }

    private static let state = Mutex(State())

    /// The default real-time limit for a delegate's completion handler.
    public static let defaultDelegateTimeout: TimeInterval = 10

    /// Makes `system` the one every `UNUserNotificationCenter.current()` uses from now on.
    /// - Parameters:
    ///   - clock: what "now" is for `nextTriggerDate()` (the system clock when `nil`).
    ///   - delegateTimeout: real seconds a delegate may take to call its completion handler.
    ///   - bundleIdentifier: the app `current()` speaks for when no `HeraldApp.$bundleIdentifier`
    ///     is set (the simulator's app); `nil` keeps the usual lookup.
    public static func install(_ system: any NotificationSystem, clock: (any NotificationClock)? = nil,
                               delegateTimeout: TimeInterval = NotificationSystemRegistry.defaultDelegateTimeout,
                               bundleIdentifier: String? = nil) {
        state.withLock { state in
            state.installation = Installation(system: system, clock: clock, delegateTimeout: delegateTimeout,
                                              bundleIdentifier: bundleIdentifier)
            state.centers = [:]
        }
    }

    /// Uninstalls the system (the next `current()` uses the default one) and drops every center.
    public static func reset() {
        state.withLock { state in
            state.installation = nil
            state.centers = [:]
        }
    }

    /// The installed system, if any.
    public static var installedSystem: (any NotificationSystem)? {
        state.withLock { $0.installation?.system }
    }

    /// The center of one app on the current system (made on first use).
    public static func center(for bundleIdentifier: String) -> UNUserNotificationCenter {
        state.withLock { state in
            if let center = state.centers[bundleIdentifier] { return center }
            let installation: Installation
            if let installed = state.installation {
                installation = installed
            } else if let fallback = state.fallback {
                installation = fallback
            } else {
                installation = Installation(system: DefaultSystem.make(), clock: nil,
                                            delegateTimeout: defaultDelegateTimeout, bundleIdentifier: nil,
                                            appsStartInForeground: true)
                state.fallback = installation
            }
            let center = UNUserNotificationCenter(system: installation.system, bundleIdentifier: bundleIdentifier,
                                                  delegateTimeout: installation.delegateTimeout,
                                                  startsInForeground: installation.appsStartInForeground)
            state.centers[bundleIdentifier] = center
            return center
        }
    }

    /// Every center made since the last install or reset (the simulator waits for their queues).
    static var centers: [UNUserNotificationCenter] {
        state.withLock { Array($0.centers.values) }
    }

    /// Waits until every call made so far on every center has reached the system.
    public static func waitForPendingCalls() async {
        for center in centers { await center.waitForQueue() }
    }

    /// The app identity the installed system was given, if any.
    static var installedBundleIdentifier: String? {
        state.withLock { $0.installation?.bundleIdentifier }
    }

    /// "Now" on the installed system's clock.
    static func now() -> Date {
        state.withLock { $0.installation?.clock }?.now() ?? Date()
    }
}
