import Foundation

/// The answer of an app's `willPresent`.
public enum PresentationDecision: Sendable, Hashable {
    /// The app has no delegate: present with the notification's own options.
    case noDelegate
    /// The delegate does not implement `willPresent`: present nothing.
    case notImplemented
    /// The delegate did not call its completion handler in time: present nothing.
    case timedOut
    /// The delegate's answer.
    case options(UNNotificationPresentationOptions)
}

/// The result of a background (silent) push handler, with Apple's raw values.
public enum BackgroundFetchResult: UInt, Sendable, Codable {
    case newData = 0
    case noData = 1
    case failed = 2
}

/// A running app, as the engine sees it: where `willPresent`, `didReceive` and background pushes
/// go. The `UserNotifications` module implements it in process; the daemon implements it for
/// apps connected over the socket.
public protocol AppConnection: AnyObject, Sendable {
    /// Asks the app how to present a notification while it is in the foreground.
    func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision
    /// Hands the app the user's response; returns when the delegate has finished.
    func didReceive(_ response: ResponseRecord) async
    /// Hands the app a `content-available` push; `nil` when the app has no handler.
    func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult?
    /// The user asked for the app's own notification settings (`openSettingsFor`).
    func openSettings(for notification: DeliveredRecord?) async
}

/// Runs an app's notification service extension for pushes with `mutable-content`.
public protocol ServiceExtensionHost: AnyObject, Sendable {
    /// Starts the extension on a request; it calls `contentHandler` at most once (extra calls are
    /// ignored by the engine).
    func start(_ request: RequestRecord, contentHandler: @escaping @Sendable (ContentRecord) -> Void) async
    /// The 30-second limit has passed: the extension's last chance to call the handler.
    func timeWillExpire() async
}

/// Answers permission prompts automatically, alongside the user interfaces: the engine puts
/// every prompt up (`CenterEvent.promptRequested`) and also asks its prompter, if it has one;
/// the first answer settles the prompt. Tests and the simulator answer at once; the daemon and
/// the demo have none and wait for a user interface's `answerPrompt`.
///
/// A prompter that ends without an answer returns `.notAnswered` from `promptOutcome`: the
/// prompt is withdrawn, the app's status stays `.notDetermined` and it is asked again next time.
/// Simple prompters implement `prompt` only. The engine cancels the calling task once the prompt
/// is settled otherwise.
public protocol AuthorizationPrompter: Sendable {
    /// Shows the prompt and returns the user's answer: `true` for Allow.
    func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool
    /// Shows the prompt and returns what became of it. The default calls `prompt`.
    func promptOutcome(app: AppRecord, options: UNAuthorizationOptions) async -> PromptOutcome
}

extension AuthorizationPrompter {
    /// `prompt`'s answer: `.allowed` or `.denied` (never `.notAnswered`).
    public func promptOutcome(app: AppRecord, options: UNAuthorizationOptions) async -> PromptOutcome {
        await prompt(app: app, options: options) ? .allowed : .denied
    }
}
