import HeraldCore
import Synchronization

/// The permission prompt as an `AuthorizationPrompter`: `prompt` posts a `promptRequested`
/// message to the UI and waits until the user answers (`y`/`n`, arrows + Enter, a click).
/// Create it before the engine and hand the same instance to `TerminalApp.run`.
///
/// ```swift
/// let prompter = UIPrompter()
/// let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: prompter, …)
/// try await TerminalApp.run(center: engine, prompter: prompter)
/// ```
///
/// Cancelling the task that awaits `prompt` / `promptOutcome` withdraws the prompt: the modal
/// closes (`Msg.promptCancelled`) and the outcome is `.notAnswered` (how `RemotePromptBridge`
/// closes a prompt another user interface answered).
public final class UIPrompter: AuthorizationPrompter {
    private struct State {
        var nextID = 0
        var waiting: [Int: CheckedContinuation<PromptOutcome, Never>] = [:]
        /// Requests made while no UI was attached, sent when one attaches.
        var unsent: [Msg] = []
        var send: (@Sendable (Msg) -> Void)?
    }
    private let state = Mutex(State())

    public init() {}

    /// `true` when the user pressed Allow; `false` for Don't Allow, and when the prompt ended
    /// without an answer.
    public func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool {
        await promptOutcome(app: app, options: options) == .allowed
    }

    /// The user's answer; `.notAnswered` when the UI detached or the calling task was cancelled.
    public func promptOutcome(app: AppRecord, options: UNAuthorizationOptions) async -> PromptOutcome {
        let id = state.withLock { s -> Int in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (msg, send, cancelled) = state.withLock { s -> (Msg, (@Sendable (Msg) -> Void)?, Bool) in
                    let msg = Msg.promptRequested(id: id, app: app, options: options)
                    if Task.isCancelled { return (msg, nil, true) }
                    s.waiting[id] = continuation
                    if s.send == nil { s.unsent.append(msg) }
                    return (msg, s.send, false)
                }
                if cancelled {
                    continuation.resume(returning: .notAnswered)
                    return
                }
                send?(msg)
            }
        } onCancel: {
            cancel(id: id)
        }
    }

    /// Connects a UI: requests from now on (and those waiting) go to `send`.
    public func attach(_ send: @escaping @Sendable (Msg) -> Void) {
        let unsent = state.withLock { s -> [Msg] in
            s.send = send
            defer { s.unsent.removeAll() }
            return s.unsent
        }
        for msg in unsent { send(msg) }
    }

    /// The UI went away: every waiting prompt ends unanswered (`prompt` returns `false`).
    public func detach() {
        let waiting = state.withLock { s -> [CheckedContinuation<PromptOutcome, Never>] in
            s.send = nil
            s.unsent.removeAll()
            defer { s.waiting.removeAll() }
            return Array(s.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: .notAnswered) }
    }

    /// The user's answer to prompt `id`.
    public func answer(id: Int, allowed: Bool) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(returning: allowed ? .allowed : .denied)
    }

    /// Withdraws prompt `id`: the modal closes and the prompt ends unanswered.
    public func cancel(id: Int) {
        let (continuation, send) = state.withLock { s -> (CheckedContinuation<PromptOutcome, Never>?, (@Sendable (Msg) -> Void)?) in
            s.unsent.removeAll { msg in
                if case .promptRequested(let unsentID, _, _) = msg { return unsentID == id }
                return false
            }
            return (s.waiting.removeValue(forKey: id), s.send)
        }
        guard let continuation else { return }
        send?(.promptCancelled(id: id))
        continuation.resume(returning: .notAnswered)
    }

    /// How many prompts wait for an answer.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }
}
