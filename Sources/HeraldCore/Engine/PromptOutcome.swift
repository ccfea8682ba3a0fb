/// What became of a permission prompt (`AuthorizationPrompter.promptOutcome`).
///
/// ```swift
/// switch await prompter.promptOutcome(app: app, options: [.alert, .sound]) {
/// case .allowed: …           // remembered as .authorized
/// case .denied: …            // remembered as .denied
/// case .notAnswered: …       // nothing remembered: still .notDetermined
/// }
/// ```
public enum PromptOutcome: Sendable, Hashable, Codable {
    /// The user pressed Allow.
    case allowed
    /// The user pressed Don't Allow.
    case denied
    /// The prompt ended without an answer: the app that asked went away, or the user interface
    /// showing it closed. `requestAuthorization` returns `false` and nothing is remembered.
    case notAnswered
}
