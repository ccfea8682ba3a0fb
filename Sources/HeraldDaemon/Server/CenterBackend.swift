import Foundation
import HeraldCore
import HeraldWire

/// What the daemon serves: the center as the contracts describe it (`NotificationSystem` for
/// apps, `CenterControl` for user interfaces) plus what only the command line needs.
/// `EngineBackend` conforms, over the `NotificationEngine`.
public protocol CenterBackend: NotificationSystem, CenterControl {
    /// A post through one of the daemon's doors (`NotificationEngine.post`): registers the app
    /// as the sender is trusted, merges the category, refuses an app whose notifications are off
    /// (`UNError.notificationsNotAllowed`), adds the request; answered once durable.
    func post(_ params: PostParams, from sender: PostSender) async throws -> PostOutcome
    /// Delivers an APNs payload (the `simctl push` file format) for the app named by bundle
    /// identifier, device token or the payload's `Simulator Target Bundle`, registering it as the
    /// sender is trusted (`NotificationEngine.push(_:bundleIdentifier:options:from:)`).
    /// Rejections throw an error conforming to `PushRejection`.
    func push(_ params: PushParams, from sender: PostSender) async throws -> PostOutcome
    /// An app first seen from the command line: authorized without a prompt. Throws when the
    /// center has no room for a new app (`EngineError.tooManyApps`).
    func registerCommandLineApp(bundleIdentifier: String) async throws
    /// Sets (or, with `nil`, removes) the shell command that acts as the app's service extension.
    func setServiceExtensionCommand(_ command: String?, bundleIdentifier: String) async throws
    /// Closes these deliveries' banners wherever they show (`.bannersClosed`); returns the ids no
    /// notification in history has.
    func closeBanners(deliveryIDs: [Int64]) async throws -> [Int64]
    /// Closes every banner wherever it shows.
    func closeAllBanners() async
    /// Shows again the banner most recently shown or closed (`.bannerRestored`); `nil` when none
    /// is left.
    func restoreBanner() async throws -> DeliveredRecord?
    /// Calls `handler` with every event, in order, until the observation is cancelled. A backend
    /// that can calls it synchronously as the event happens (no task, no thread hop); `handler`
    /// must be quick and must not block. The default reads `events()` on a task.
    func observeEvents(_ handler: @escaping @Sendable (CenterEvent) -> Void) async -> EventObservation
    /// Calls `body` with the permission prompts waiting now, at a moment no event is being
    /// emitted (on the engine, for `EngineBackend`): a subscriber whose prompt events start
    /// inside `body` gets every prompt once, and no withdrawal before its prompt.
    func withPendingPrompts(_ body: @escaping @Sendable ([PendingPrompt]) -> Void) async
    /// Requests are about to arrive together (the posts of one event-loop wake-up): writes wait
    /// for `releaseCommits()` and then share one commit. Called on the server's loop; must not
    /// block. The default does nothing.
    func holdCommits()
    /// Ends a `holdCommits()`. The default does nothing.
    func releaseCommits() async
    /// The last `StoreReceipt` stored under `key` with a request (`nil`: none; the default, for
    /// a backend that keeps none).
    func storedReceipt(forKey key: String) async -> JSONValue?
    /// The commit groups made since the last call; starts counting afresh. The default: none.
    func takeCommitGroupStatistics() async -> CommitGroupStatistics
}

extension CenterBackend {
    public func holdCommits() {}
    public func releaseCommits() async {}
    public func storedReceipt(forKey key: String) async -> JSONValue? { nil }
    public func takeCommitGroupStatistics() async -> CommitGroupStatistics { CommitGroupStatistics() }
}
