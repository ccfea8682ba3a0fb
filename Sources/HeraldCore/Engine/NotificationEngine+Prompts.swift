import Foundation

/// Authorization and the permission prompt: the one broker of prompts, next to the engine.
///
/// A prompt goes up as `.promptRequested` to every user interface; the first of these settles
/// it: a user interface's `answerPrompt`, the engine's `prompter` (when it has one), or the
/// last app call waiting on it going away (cancelled: `.notAnswered`, nothing remembered).
/// Then `.promptWithdrawn` takes it down everywhere.
extension NotificationEngine {
    /// First call: `.provisional` in the options grants quietly; otherwise the user is prompted
    /// and the answer is remembered. Later calls answer from the record without prompting —
    /// except that a provisional app asking without `.provisional` gets the real prompt. Calls
    /// made while the app's prompt is up share it. A cancelled call returns `false`.
    public func requestAuthorization(options: UNAuthorizationOptions, bundleIdentifier: String) async throws -> Bool {
        try RequestLimits.validate(bundleIdentifier: bundleIdentifier)
        try admitApp(bundleIdentifier)
        if let id = promptBroker.promptID(of: bundleIdentifier) {
            // Someone else's prompt is on screen: its answer is ours.
            return await waitForAnswer(to: id)
        }
        var app = ensureApp(bundleIdentifier)
        let asked = options.subtracting(.provisional)
        let status = app.authorizationStatus
        if status == .notDetermined && options.contains(.provisional) {
            app.authorizationStatus = .provisional
            app.authorizedOptions = asked
            saveApp(app)
            return true
        }
        if status == .notDetermined || (status == .provisional && !options.contains(.provisional)) {
            return await waitForAnswer(to: openPrompt(app: app, options: asked))
        }
        return status == .authorized || status == .provisional || status == .ephemeral
    }

    /// A user interface's answer to prompt `promptID`. `true` when it settled the prompt;
    /// `false` when the prompt was settled already (another answer came first, or the app
    /// stopped waiting) or never existed.
    @discardableResult
    public func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool {
        settlePrompt(promptID, allowed ? .allowed : .denied)
    }

    /// The prompts waiting for an answer, oldest first.
    public var pendingPrompts: [PendingPrompt] { promptBroker.pending }

    /// Calls `body` on the engine with the prompts waiting now. No event is emitted while it
    /// runs, so an observer that starts passing prompt events on inside `body` passes every
    /// prompt exactly once and never a withdrawal before its request.
    public func withPendingPrompts(_ body: @Sendable ([PendingPrompt]) -> Void) {
        body(promptBroker.pending)
    }

    /// How many `requestAuthorization` calls wait on prompt `promptID` (for tests).
    func callsWaiting(on promptID: Int64) -> Int { promptBroker.waiterCount(of: promptID) }

    // MARK: The broker

    /// Puts a prompt up: announces it and asks the engine's prompter (if any) alongside.
    private func openPrompt(app: AppRecord, options: UNAuthorizationOptions) -> Int64 {
        let prompt = promptBroker.open(app: app, options: options)
        emit(.promptRequested(prompt))
        if let prompter {
            let task = Task {
                let outcome = await prompter.promptOutcome(app: app, options: options)
                self.settlePrompt(prompt.id, outcome)
            }
            promptBroker.setAutomatic(task, for: prompt.id)
        }
        return prompt.id
    }

    /// Waits for prompt `id`'s answer (`true`: allowed). When the calling task is cancelled it
    /// stops waiting with `false`; when it was the last to wait, the prompt is withdrawn.
    private func waitForAnswer(to id: Int64) async -> Bool {
        let waiter = promptBroker.newWaiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard promptBroker.join(id, waiter: waiter, continuation) else {
                    continuation.resume(returning: false)
                    return
                }
                if Task.isCancelled { stopWaiting(for: id, waiter: waiter) }
            }
        } onCancel: {
            Task { [weak self] in await self?.stopWaiting(for: id, waiter: waiter) }
        }
    }

    private func stopWaiting(for id: Int64, waiter: UInt64) {
        guard let (continuation, isLast) = promptBroker.leave(id, waiter: waiter) else { return }
        continuation.resume(returning: false)
        if isLast { settlePrompt(id, .notAnswered) }
    }

    /// Settles prompt `id`: remembers the answer (none for `.notAnswered`: the app is asked
    /// again next time), takes the prompt down everywhere, and answers every waiting call.
    @discardableResult
    func settlePrompt(_ id: Int64, _ outcome: PromptOutcome) -> Bool {
        guard let entry = promptBroker.settle(id) else { return false }
        entry.automatic?.cancel()
        recordAuthorization(outcome, options: entry.prompt.options, bundleIdentifier: entry.prompt.app.bundleIdentifier)
        emit(.promptWithdrawn(promptID: id, outcome: outcome))
        for waiter in entry.waiters.values { waiter.resume(returning: outcome == .allowed) }
        return true
    }

    private func recordAuthorization(_ outcome: PromptOutcome, options: UNAuthorizationOptions, bundleIdentifier: String) {
        guard outcome != .notAnswered else { return }
        let granted = outcome == .allowed
        var app = ensureApp(bundleIdentifier)
        app.authorizationStatus = granted ? .authorized : .denied
        app.authorizedOptions = granted ? options : []
        // As in Settings: a denied app shows "Allow Notifications" off, and turning it on allows it.
        if !granted { app.settings.allowNotifications = false }
        saveApp(app)
    }
}
