/// A permission prompt waiting for the user: an app called `requestAuthorization` and the center
/// asks whether it may notify. User interfaces get it as `CenterEvent.promptRequested`, show it,
/// and answer with `CenterControl.answerPrompt`; `CenterEvent.promptWithdrawn` takes it down.
///
/// ```swift
/// for await event in await center.events() {
///     if case .promptRequested(let prompt) = event {
///         _ = try await center.answerPrompt(promptID: prompt.id, allowed: true)
///     }
/// }
/// ```
public struct PendingPrompt: Sendable, Hashable, Codable {
    /// The prompt's number, unique while the center runs (a restarted center counts from 1).
    public var id: Int64
    /// The app asking, as it was when it asked.
    public var app: AppRecord
    /// What it asks for (without `.provisional`).
    public var options: UNAuthorizationOptions

    public init(id: Int64, app: AppRecord, options: UNAuthorizationOptions) {
        self.id = id
        self.app = app
        self.options = options
    }
}
