import Foundation
import HeraldCore

// Events and permission prompts: a user interface subscribes, and answers the prompts it is sent.

extension Methods {
    /// From the reply on, `{"event":…}` lines arrive on this connection.
    public static let subscribe = Method<SubscribeParams, Empty>("subscribe")
    public static let unsubscribe = Method<Empty, Empty>("unsubscribe")
    /// A UI's answer to a `promptRequested` event. The result is `true` when this answer
    /// settled the prompt, `false` when it was settled already (another UI answered first, or
    /// the app went away).
    public static let answerPrompt = Method<AnswerPromptParams, Bool>("answerPrompt")
}

/// Events for every app (`bundleIdentifier: null`) or one app.
public struct SubscribeParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String?
    /// `true`: this client shows permission prompts (`promptRequested` / `promptWithdrawn`
    /// events) and answers them with `answerPrompt`; a `promptRequested` for every prompt
    /// already waiting comes at once. `false`: it no longer does. Absent: unchanged (a plain
    /// subscription gets no prompt events).
    public var prompts: Bool?
    /// The tmux pane this user interface runs in (`$TMUX`, `$TMUX_PANE`), so the daemon does not
    /// show a tmux popup for a banner this UI shows already (its pane visible). Absent: unchanged.
    public var tmuxPane: TmuxPlace?
    public init(bundleIdentifier: String? = nil, prompts: Bool? = nil, tmuxPane: TmuxPlace? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.prompts = prompts
        self.tmuxPane = tmuxPane
    }
}

/// A user interface's answer to a permission prompt (`answerPrompt`).
public struct AnswerPromptParams: Codable, Sendable, Hashable {
    /// The prompt's `id` (the `promptRequested` event).
    public var promptID: Int64
    /// `true` for Allow, `false` for Don't Allow.
    public var allowed: Bool
    public init(promptID: Int64, allowed: Bool) {
        self.promptID = promptID
        self.allowed = allowed
    }
}

extension SubscribeParams: OptionalAppIdentifiedParams {}
extension AnswerPromptParams: ParamsWithoutIdentifiers {}

extension CenterRequests {
    /// Answers prompt `promptID`. `true` when this answer settled it; `false` when it was
    /// settled already (another UI answered first, or the app went away).
    @discardableResult
    public func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool {
        try await call(Methods.answerPrompt, AnswerPromptParams(promptID: promptID, allowed: allowed))
    }
}
