import HeraldCore

/// The permission-prompt events a daemon sends to user interfaces that subscribed with
/// `prompts: true`:
///
/// ```json
/// {"event":{"authorizationPrompt":{"promptID":7,"app":{AppRecord},"options":7}}}
/// {"event":{"authorizationPromptResolved":{"promptID":7,"allowed":true}}}
/// {"event":{"authorizationPromptResolved":{"promptID":7}}}
/// ```
///
/// A UI shows the prompt and answers with `answerPrompt`; when the prompt is settled (by any UI,
/// by the daemon's `--prompt` answer, or cancelled because the app went away), every UI gets
/// `authorizationPromptResolved` and closes its modal. `allowed` is absent when nobody answered.
public enum PromptEvent: Codable, Sendable, Hashable {
    /// An app called `requestAuthorization` and waits for the user.
    case authorizationPrompt(promptID: Int64, app: AppRecord, options: UNAuthorizationOptions)
    /// The prompt is settled; `allowed` is `nil` when it ended without an answer.
    case authorizationPromptResolved(promptID: Int64, allowed: Bool?)

    /// The prompt the event is about.
    public var promptID: Int64 {
        switch self {
        case .authorizationPrompt(let id, _, _), .authorizationPromptResolved(let id, _): return id
        }
    }

    /// The event keys this enum decodes (the rest are `WireEvent`s).
    static let names: Set<String> = ["authorizationPrompt", "authorizationPromptResolved"]
}
