import Foundation

/// Limits and time limits of a `NotificationEngine`.
///
/// ```swift
/// var configuration = EngineConfiguration()
/// configuration.pendingLimit = 1_000_000   // a benchmark
/// ```
public struct EngineConfiguration: Sendable {
    /// Dated pending requests per app; the soonest-firing are kept, extra ones dropped silently.
    public var pendingLimit: Int = 64
    /// Location-triggered pending requests per app, counted apart from `pendingLimit`; requests
    /// over the limit are dropped silently (the ones added first are kept).
    public var locationTriggerLimit: Int = 20
    /// Apps the center keeps at most: past it, a new app is refused (`EngineError.tooManyApps`)
    /// at every door, and the apps it has are served as before. Bounds what a sender that
    /// invents a new app name for every post can make the center hold (and `apps` list).
    public var appLimit: Int = 1_000
    /// Seconds (on the engine's clock) a service extension has to call its content handler.
    public var serviceExtensionTimeLimit: TimeInterval = 30
    /// Seconds (on the engine's clock) an app's background-push handler has.
    public var backgroundPushTimeLimit: TimeInterval = 30
    /// Real seconds a delegate's completion handler may take (`willPresent`).
    public var delegateTimeout: TimeInterval = 10
    /// The configuration file's `[rule]`s, applied to every notification as it is delivered
    /// (level first, then mute and history on the presentation).
    public var rules: [NotificationRule] = []

    public init(pendingLimit: Int = 64, locationTriggerLimit: Int = 20, serviceExtensionTimeLimit: TimeInterval = 30,
                backgroundPushTimeLimit: TimeInterval = 30, delegateTimeout: TimeInterval = 10) {
        self.pendingLimit = pendingLimit
        self.locationTriggerLimit = locationTriggerLimit
        self.serviceExtensionTimeLimit = serviceExtensionTimeLimit
        self.backgroundPushTimeLimit = backgroundPushTimeLimit
        self.delegateTimeout = delegateTimeout
    }
}
