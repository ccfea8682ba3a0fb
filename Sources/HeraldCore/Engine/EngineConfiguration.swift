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
    /// Sounds a delivery whose presentation has `.sound` outside the terminal (the daemon's
    /// sound player), called as it is delivered; returns whether it took the sound on — then
    /// user interfaces ring no bell (`DeliveredRecord.isSoundHandledByCenter`). `nil`: user
    /// interfaces ring the bell.
    public var soundOutput: (@Sendable (DeliveredRecord) -> Bool)?
    /// Runs the programs of the rules that matched a delivery (`exec`), with the delivered
    /// record and the app's display name; called once it is delivered (whatever Focus, `mute`
    /// or `history` did to it), unless the app may not notify. `nil`: rules' programs do not run.
    public var ruleCommands: (@Sendable ([RuleCommand], DeliveredRecord, String) -> Void)?
    /// Told of each pending request left in the store whose record cannot be read when it is
    /// needed (a damaged row; the daemon logs it). The engine goes on: the request is listed and
    /// fires once as `UnreadablePending`'s stand-in, and the others fire as before.
    public var unreadablePending: (@Sendable (UnreadablePending) -> Void)?

    public init(pendingLimit: Int = 64, locationTriggerLimit: Int = 20, serviceExtensionTimeLimit: TimeInterval = 30,
                backgroundPushTimeLimit: TimeInterval = 30, delegateTimeout: TimeInterval = 10) {
        self.pendingLimit = pendingLimit
        self.locationTriggerLimit = locationTriggerLimit
        self.serviceExtensionTimeLimit = serviceExtensionTimeLimit
        self.backgroundPushTimeLimit = backgroundPushTimeLimit
        self.delegateTimeout = delegateTimeout
    }
}
