import Foundation
import HeraldCore
import Synchronization

/// Who is there to answer the daemon's permission prompts. The prompts themselves wait in the
/// engine (its one prompt broker) and reach user interfaces as ordinary events; this knows
/// which user interfaces show them (clients that subscribed with `prompts: true`) and, when
/// the daemon was given an `unattendedAnswer` (`herald daemon --prompt allow|deny`), answers
/// in the user's place every prompt that has had no user interface attached for `grace`
/// seconds. It also writes one log line per prompt asked and settled.
///
/// ```swift
/// let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: nil, …)
/// let attendance = PromptAttendance(unattendedAnswer: true, grace: 2)
/// await attendance.watch(backend)
/// var configuration = IPCServer.Configuration()
/// configuration.promptAttendance = attendance
/// ```
public final class PromptAttendance: Sendable {
    /// The answer given while no UI is attached; `nil` leaves prompts waiting for one.
    public let unattendedAnswer: Bool?
    /// Seconds a prompt waits with no UI attached before `unattendedAnswer` applies.
    public let grace: TimeInterval
    private let log: @Sendable (String) -> Void

    private struct State {
        var interfaces: Set<Int> = []
        /// Bumped on every attach: a grace timer started before it is stale.
        var attachGeneration = 0
        /// The prompts waiting (from the engine's events).
        var waiting: [Int64: String] = [:]
        var center: (any CenterControl)?
        var observation: EventObservation?
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

    /// Follows the prompts of `backend`'s engine (call once, before serving); `stop` ends it.
    public func watch(_ backend: EngineBackend) async {
        state.withLock { $0.center = backend.engine }
        let observation = await backend.observeEvents { [weak self] event in self?.observe(event) }
        state.withLock { $0.observation = observation }
    }

    /// Stops following the prompts.
    public func stop() {
        state.withLock { $0.observation }?.cancel()
    }

    /// How many UIs are attached.
    public var interfaceCount: Int { state.withLock { $0.interfaces.count } }

    /// A UI attached (it subscribed with `prompts: true`).
    public func attach(interface id: Int) {
        state.withLock { s in
            s.interfaces.insert(id)
            s.attachGeneration += 1
        }
    }

    /// A UI went away (unsubscribed or disconnected). When it was the last, the waiting prompts
    /// start their grace period (if there is an unattended answer).
    public func detach(interface id: Int) {
        let (waiting, generation) = state.withLock { s -> ([Int64], Int?) in
            guard s.interfaces.remove(id) != nil, s.interfaces.isEmpty else { return ([], nil) }
            return (Array(s.waiting.keys), s.attachGeneration)
        }
        if let generation, !waiting.isEmpty { answerUnattended(waiting, generation: generation) }
    }

    /// Runs on the engine as it emits each event: must be quick.
    private func observe(_ event: CenterEvent) {
        switch event {
        case .promptRequested(let prompt):
            let app = prompt.app.bundleIdentifier
            log("\(app) asks for authorization (options \(prompt.options.rawValue)): prompt \(prompt.id)")
            let unattendedSince = state.withLock { s -> Int? in
                s.waiting[prompt.id] = app
                return s.interfaces.isEmpty ? s.attachGeneration : nil
            }
            if let unattendedSince { answerUnattended([prompt.id], generation: unattendedSince) }
        case .promptWithdrawn(let id, let outcome):
            guard let app = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
            let what = switch outcome {
            case .allowed: "allowed"
            case .denied: "denied"
            case .notAnswered: "withdrawn (the app stopped waiting)"
            }
            log("prompt \(id) (\(app)): \(what)")
        default:
            break
        }
    }

    /// After `grace`, answers those of `ids` still waiting — if no UI attached meanwhile.
    private func answerUnattended(_ ids: [Int64], generation: Int) {
        guard let answer = unattendedAnswer else { return }
        let grace = self.grace
        Task { [weak self] in
            if grace > 0 { try? await Task.sleep(nanoseconds: Seconds.nanoseconds(grace)) }
            guard let self else { return }
            let (due, center) = self.state.withLock { s -> ([Int64], (any CenterControl)?) in
                guard s.interfaces.isEmpty, s.attachGeneration == generation else { return ([], nil) }
                return (ids.filter { s.waiting[$0] != nil }, s.center)
            }
            for id in due where (try? await center?.answerPrompt(promptID: id, allowed: answer)) == true {
                self.log("prompt \(id): answered \(answer ? "allow" : "deny") (--prompt, no user interface attached)")
            }
        }
    }
}
