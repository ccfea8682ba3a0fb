import HeraldCore
import HeraldWire
import Synchronization

/// Shows the daemon's permission prompts in a user interface that runs in another process:
/// each `authorizationPrompt` event becomes a call to the UI's own `AuthorizationPrompter` (the
/// terminal UI's `UIPrompter`, which opens the modal), and the user's answer goes back as
/// `answerPrompt`. When another UI answers first, or the app stops waiting
/// (`authorizationPromptResolved`), the call is cancelled, which closes the modal. A prompt that
/// ends here without an answer (the UI quit) sends nothing: it stays up for the next UI.
///
/// ```swift
/// let control = RemoteCenterControl(client: client)
/// let prompter = UIPrompter()
/// let bridge = RemotePromptBridge(control: control, prompter: prompter)
/// await bridge.start()
/// defer { bridge.stop() }
/// try await TerminalApp.run(center: control, prompter: prompter)
/// ```
public final class RemotePromptBridge: Sendable {
    private let control: RemoteCenterControl
    private let prompter: any AuthorizationPrompter

    private struct State {
        var listener: Task<Void, Never>?
        /// The prompts being shown, by prompt id.
        var showing: [Int64: Task<Void, Never>] = [:]
        var isStopped = false
    }

    private let state = Mutex(State())

    /// Bridges `control`'s prompts to `prompter`.
    public init(control: RemoteCenterControl, prompter: any AuthorizationPrompter) {
        self.control = control
        self.prompter = prompter
    }

    /// Subscribes for prompts and starts showing them (those waiting first). Returns once the
    /// daemon counts this UI as attached.
    public func start() async {
        let prompts = await control.prompts()
        let listener = Task { [weak self] in
            for await event in prompts {
                guard let self else { return }
                self.handle(event)
            }
        }
        let stopped = state.withLock { s -> Bool in
            if !s.isStopped { s.listener = listener }
            return s.isStopped
        }
        if stopped { listener.cancel() }
    }

    /// Stops listening and withdraws the prompts on screen (without answering them).
    public func stop() {
        let tasks = state.withLock { s -> [Task<Void, Never>] in
            s.isStopped = true
            defer {
                s.listener = nil
                s.showing.removeAll()
            }
            return Array(s.showing.values) + [s.listener].compactMap { $0 }
        }
        for task in tasks { task.cancel() }
    }

    /// How many prompts are on screen (or queued in the prompter).
    public var showingCount: Int { state.withLock { $0.showing.count } }

    private func handle(_ event: PromptEvent) {
        switch event {
        case .authorizationPrompt(let id, let app, let options):
            let control = self.control, prompter = self.prompter
            state.withLock { s in
                guard !s.isStopped, s.showing[id] == nil else { return }
                s.showing[id] = Task { [weak self] in
                    let outcome = await prompter.promptOutcome(app: app, options: options)
                    _ = self?.state.withLock { $0.showing.removeValue(forKey: id) }
                    guard outcome != .notAnswered, !Task.isCancelled else { return }
                    _ = try? await control.answerPrompt(promptID: id, allowed: outcome == .allowed)
                }
            }
        case .authorizationPromptResolved(let id, _):
            let task = state.withLock { $0.showing.removeValue(forKey: id) }
            task?.cancel()
        }
    }
}
