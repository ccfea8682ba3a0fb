import Foundation
import HeraldCore
import HeraldWire

/// What the daemon serves: the center as the contracts describe it (`NotificationSystem` for
/// apps, `CenterControl` for user interfaces) plus what only the command line needs.
/// `NotificationEngine` conforms (see `NotificationEngine+CenterBackend.swift`); tests use fakes.
public protocol CenterBackend: NotificationSystem, CenterControl {
    /// Delivers an APNs payload (the `simctl push` file format); returns the request identifier.
    /// Rejections throw an error conforming to `PushRejection`.
    func push(_ payload: Data, bundleIdentifier: String?, headers: PushHeaders) async throws -> String
    /// `add` for `herald post`: returns the identifiers dropped over the app's pending limit to
    /// make room (possibly the posted one). The default adds and reports none.
    func addReportingDropped(_ request: RequestRecord, bundleIdentifier: String) async throws -> [String]
    /// An app first seen from the command line: authorized without a prompt. Throws when the
    /// center has no room for a new app (`EngineError.tooManyApps`).
    func registerCommandLineApp(bundleIdentifier: String) async throws
    /// Sets (or, with `nil`, removes) the shell command that acts as the app's service extension.
    func setServiceExtensionCommand(_ command: String?, bundleIdentifier: String) async throws
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
}

extension CenterBackend {
    public func holdCommits() {}
    public func releaseCommits() async {}
    public func storedReceipt(forKey key: String) async -> JSONValue? { nil }

    public func addReportingDropped(_ request: RequestRecord, bundleIdentifier: String) async throws -> [String] {
        try await add(request, bundleIdentifier: bundleIdentifier)
        return []
    }
}
