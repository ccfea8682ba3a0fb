import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// The daemon's `AuthorizationPrompter`: the real permission prompt, shown by the user
/// interfaces attached to the daemon (`herald ui`), as on Apple's platforms.
///
/// Each prompt gets a number and goes, as an `authorizationPrompt` event, to every attached UI
/// (a client that subscribed with `prompts: true`); the first `answerPrompt` settles it, and
/// every UI then gets `authorizationPromptResolved` so it closes the modal. With no UI
/// attached, prompts wait; a UI that attaches receives every waiting prompt. When the daemon was
/// given an `unattendedAnswer` (`herald daemon --prompt allow|deny`), a prompt that has had no
/// UI attached for `grace` seconds is answered with it. A prompt whose app stops waiting (its
/// process disconnected) ends `.notAnswered`: the engine remembers nothing, so the app is asked
/// again next time.
///
/// ```swift
/// let prompter = RelayingPrompter(unattendedAnswer: nil)          // wait for a UI
/// let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: prompter, …)
/// var configuration = IPCServer.Configuration()
/// configuration.prompter = prompter
/// let server = IPCServer(socketPath: path, backend: backend, configuration: configuration)
/// ```
public final class RelayingPrompter: AuthorizationPrompter {
    /// Where a UI's prompt events go (its connection).
    public typealias Sink = @Sendable (PromptEvent) -> Void

    /// The answer given while no UI is attached; `nil` waits for one.
    public let unattendedAnswer: Bool?
    /// Seconds a prompt waits with no UI attached before `unattendedAnswer` applies.
    public let grace: TimeInterval
    private let log: @Sendable (String) -> Void

    private struct Pending {
        let app: AppRecord
        let options: UNAuthorizationOptions
        let resume: CheckedContinuation<PromptOutcome, Never>
    }

    private struct State {
        var nextID: Int64 = 0
        var pending: [Int64: Pending] = [:]
        var interfaces: [Int: Sink] = [:]
        /// Bumped on every attach: a grace timer started before it is stale.
        var attachGeneration = 0
        /// The requests waiting on `requestAuthorization`, by token, with their app.
        var requests: [UInt64: String] = [:]
        var nextRequest: UInt64 = 0
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - unattendedAnswer: how prompts are answered while no UI is attached (`nil`: they wait).
    ///   - grace: how long a prompt waits for a UI before `unattendedAnswer` applies.
    ///   - log: one line per prompt asked and settled.
    public init(unattendedAnswer: Bool? = nil, grace: TimeInterval = 2,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.unattendedAnswer = unattendedAnswer
        self.grace = grace
        self.log = log
    }

    // MARK: AuthorizationPrompter

    /// `true` when a UI answered Allow (or the unattended answer is allow).
    public func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool {
        await promptOutcome(app: app, options: options) == .allowed
    }

    /// Relays the prompt and waits for it to be settled.
    public func promptOutcome(app: AppRecord, options: UNAuthorizationOptions) async -> PromptOutcome {
        let id = state.withLock { s -> Int64 in
            s.nextID += 1
            return s.nextID
        }
        log("\(app.bundleIdentifier) asks for authorization (options \(options.rawValue)): prompt \(id)")
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (cancelled, unattendedSince) = state.withLock { s -> (Bool, Int?) in
                    if Task.isCancelled { return (true, nil) }
                    s.pending[id] = Pending(app: app, options: options, resume: continuation)
                    let event = PromptEvent.authorizationPrompt(promptID: id, app: app, options: options)
                    for sink in s.interfaces.values { sink(event) }
                    return (false, s.interfaces.isEmpty ? s.attachGeneration : nil)
                }
                if cancelled {
                    continuation.resume(returning: .notAnswered)
                } else if let generation = unattendedSince {
                    scheduleUnattendedAnswer(for: [id], generation: generation)
                }
            }
        } onCancel: {
            settle(id, .notAnswered, because: "its request was cancelled")
        }
    }

    // MARK: User interfaces

    /// A UI attached: it gets every waiting prompt now, and the prompts and resolutions to come.
    public func attach(interface id: Int, _ sink: @escaping Sink) {
        state.withLock { s in
            s.interfaces[id] = sink
            s.attachGeneration += 1
            for (promptID, pending) in s.pending.sorted(by: { $0.key < $1.key }) {
                sink(.authorizationPrompt(promptID: promptID, app: pending.app, options: pending.options))
            }
        }
    }

    /// A UI went away (unsubscribed or disconnected). When it was the last, the waiting prompts
    /// start their grace period (if there is an unattended answer).
    public func detach(interface id: Int) {
        let (waiting, generation) = state.withLock { s -> ([Int64], Int?) in
            guard s.interfaces.removeValue(forKey: id) != nil, s.interfaces.isEmpty else { return ([], nil) }
            return (Array(s.pending.keys), s.attachGeneration)
        }
        if let generation, !waiting.isEmpty { scheduleUnattendedAnswer(for: waiting, generation: generation) }
    }

    /// A UI's answer. `false` when the prompt was settled already (or never existed).
    @discardableResult
    public func answer(promptID: Int64, allowed: Bool) -> Bool {
        settle(promptID, allowed ? .allowed : .denied, because: "a user interface answered")
    }

    /// How many UIs are attached.
    public var interfaceCount: Int { state.withLock { $0.interfaces.count } }

    /// The prompts waiting for an answer, oldest first.
    public var pendingPrompts: [PromptEvent] {
        state.withLock { s in
            s.pending.sorted { $0.key < $1.key }.map { .authorizationPrompt(promptID: $0.key, app: $0.value.app, options: $0.value.options) }
        }
    }

    // MARK: Apps that stop waiting

    /// An app's `requestAuthorization` started waiting; pair with `endRequest`.
    func beginRequest(bundleIdentifier: String) -> UInt64 {
        state.withLock { s in
            s.nextRequest += 1
            s.requests[s.nextRequest] = bundleIdentifier
            return s.nextRequest
        }
    }

    /// The request finished or its client went away (idempotent). When no request of that app
    /// waits any more, its prompt is withdrawn (`.notAnswered`).
    func endRequest(_ token: UInt64) {
        let abandoned = state.withLock { s -> [Int64] in
            guard let bundle = s.requests.removeValue(forKey: token),
                  !s.requests.values.contains(bundle) else { return [] }
            return s.pending.filter { $0.value.app.bundleIdentifier == bundle }.map(\.key)
        }
        for id in abandoned { settle(id, .notAnswered, because: "the app stopped waiting") }
    }

    /// Withdraws every waiting prompt of an app (`.notAnswered`).
    public func cancelPrompts(bundleIdentifier: String) {
        let ids = state.withLock { s in s.pending.filter { $0.value.app.bundleIdentifier == bundleIdentifier }.map(\.key) }
        for id in ids { settle(id, .notAnswered, because: "cancelled") }
    }

    // MARK: Settling

    @discardableResult
    private func settle(_ id: Int64, _ outcome: PromptOutcome, because reason: String) -> Bool {
        let pending = state.withLock { s -> Pending? in
            guard let pending = s.pending.removeValue(forKey: id) else { return nil }
            let allowed: Bool? = switch outcome {
            case .allowed: true
            case .denied: false
            case .notAnswered: nil
            }
            let event = PromptEvent.authorizationPromptResolved(promptID: id, allowed: allowed)
            for sink in s.interfaces.values { sink(event) }
            return pending
        }
        guard let pending else { return false }
        let what = switch outcome {
        case .allowed: "allowed"
        case .denied: "denied"
        case .notAnswered: "withdrawn"
        }
        log("prompt \(id) (\(pending.app.bundleIdentifier)): \(what) (\(reason))")
        pending.resume.resume(returning: outcome)
        return true
    }

    private func scheduleUnattendedAnswer(for ids: [Int64], generation: Int) {
        guard let answer = unattendedAnswer else { return }
        let grace = self.grace
        Task { [weak self] in
            if grace > 0 { try? await Task.sleep(nanoseconds: UInt64(grace * 1_000_000_000)) }
            guard let self else { return }
            let due = self.state.withLock { s -> [Int64] in
                guard s.interfaces.isEmpty, s.attachGeneration == generation else { return [] }
                return ids.filter { s.pending[$0] != nil }
            }
            for id in due { self.settle(id, answer ? .allowed : .denied, because: "--prompt, no user interface attached") }
        }
    }
}
