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
public final class UIPrompter: AuthorizationPrompter {
    private struct State {
        var nextID = 0
        var waiting: [Int: CheckedContinuation<Bool, Never>] = [:]
        /// Requests made while no UI was attached, sent when one attaches.
        var unsent: [Msg] = []
        var send: (@Sendable (Msg) -> Void)?
    }
    private let state = Mutex(State())

    public init() {}

    public func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool {
        await withCheckedContinuation { continuation in
            let (msg, send) = state.withLock { s -> (Msg, (@Sendable (Msg) -> Void)?) in
                s.nextID += 1
                s.waiting[s.nextID] = continuation
                let msg = Msg.promptRequested(id: s.nextID, app: app, options: options)
                if s.send == nil { s.unsent.append(msg) }
                return (msg, s.send)
            }
            send?(msg)
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

    /// The UI went away: every waiting app gets "Don't Allow".
    public func detach() {
        let waiting = state.withLock { s -> [CheckedContinuation<Bool, Never>] in
            s.send = nil
            s.unsent.removeAll()
            defer { s.waiting.removeAll() }
            return Array(s.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: false) }
    }

    /// The user's answer to prompt `id`.
    public func answer(id: Int, allowed: Bool) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(returning: allowed)
    }

    /// How many prompts wait for an answer.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }
}
