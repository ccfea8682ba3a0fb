import Foundation
import HeraldCore
import Synchronization

/// A permission prompt that answers as told and counts how often it was shown.
public final class FakePrompter: AuthorizationPrompter {
    private let state: Mutex<(answer: Bool, prompts: [UNAuthorizationOptions])>

    public init(answer: Bool = true) { state = Mutex((answer, [])) }

    public var answer: Bool {
        get { state.withLock { $0.answer } }
        set { state.withLock { $0.answer = newValue } }
    }
    public var promptCount: Int { state.withLock { $0.prompts.count } }
    public var promptedOptions: [UNAuthorizationOptions] { state.withLock { $0.prompts } }

    public func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool {
        state.withLock { state in
            state.prompts.append(options)
            return state.answer
        }
    }
}

/// An app as the engine sees it: answers `willPresent` as told and records everything it gets.
public final class FakeAppConnection: AppConnection {
    private struct State {
        var decision: PresentationDecision
        var backgroundResult: BackgroundFetchResult?
        var willPresentCalls: [DeliveredRecord] = []
        var responses: [ResponseRecord] = []
        var backgroundPushes: [[String: JSONValue]] = []
        var settingsRequests: [DeliveredRecord?] = []
    }

    private let state: Mutex<State>

    public init(decision: PresentationDecision = .options([.banner, .list, .sound, .badge]),
                backgroundResult: BackgroundFetchResult? = .newData) {
        state = Mutex(State(decision: decision, backgroundResult: backgroundResult))
    }

    public var decision: PresentationDecision {
        get { state.withLock { $0.decision } }
        set { state.withLock { $0.decision = newValue } }
    }
    public var willPresentCalls: [DeliveredRecord] { state.withLock { $0.willPresentCalls } }
    public var responses: [ResponseRecord] { state.withLock { $0.responses } }
    public var backgroundPushes: [[String: JSONValue]] { state.withLock { $0.backgroundPushes } }
    public var settingsRequests: [DeliveredRecord?] { state.withLock { $0.settingsRequests } }

    public func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
        state.withLock { state in
            state.willPresentCalls.append(notification)
            return state.decision
        }
    }

    public func didReceive(_ response: ResponseRecord) async {
        state.withLock { $0.responses.append(response) }
    }

    public func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? {
        state.withLock { state in
            state.backgroundPushes.append(userInfo)
            return state.backgroundResult
        }
    }

    public func openSettings(for notification: DeliveredRecord?) async {
        state.withLock { $0.settingsRequests.append(notification) }
    }
}

/// An app whose `willPresent` never answers (for the delegate timeout).
public final class SilentAppConnection: AppConnection {
    public init() {}
    public func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return .options([])
    }
    public func didReceive(_ response: ResponseRecord) async {}
    public func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
    public func openSettings(for notification: DeliveredRecord?) async {}
}

/// A notification service extension with a scripted behaviour.
public final class FakeServiceExtension: ServiceExtensionHost {
    public enum Behaviour: Sendable {
        /// Calls the handler at once with the modified content.
        case modify(@Sendable (ContentRecord) -> ContentRecord)
        /// Never calls the handler.
        case never
        /// Calls the handler only in `timeWillExpire`.
        case onExpire(@Sendable (ContentRecord) -> ContentRecord)
        /// Calls the handler twice at once: only the first should count.
        case twice(@Sendable (ContentRecord) -> ContentRecord, @Sendable (ContentRecord) -> ContentRecord)
    }

    private struct State {
        var started: [RequestRecord] = []
        var expiredCount = 0
        var handler: (@Sendable (ContentRecord) -> Void)?
        var request: RequestRecord?
    }

    private let behaviour: Behaviour
    private let state = Mutex(State())

    public init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    public var startedRequests: [RequestRecord] { state.withLock { $0.started } }
    public var timeWillExpireCount: Int { state.withLock { $0.expiredCount } }

    public func start(_ request: RequestRecord, contentHandler: @escaping @Sendable (ContentRecord) -> Void) async {
        state.withLock { state in
            state.started.append(request)
            state.handler = contentHandler
            state.request = request
        }
        switch behaviour {
        case .modify(let change):
            contentHandler(change(request.content))
        case .twice(let first, let second):
            contentHandler(first(request.content))
            contentHandler(second(request.content))
        case .never, .onExpire:
            break
        }
    }

    public func timeWillExpire() async {
        let (handler, request) = state.withLock { state in
            state.expiredCount += 1
            return (state.handler, state.request)
        }
        if case .onExpire(let change) = behaviour, let handler, let request {
            handler(change(request.content))
        }
    }
}

/// Collects engine events (install with `engine.observe(recorder.record)`).
public final class EventRecorder: Sendable {
    private let events = Mutex<[CenterEvent]>([])
    public init() {}
    public func record(_ event: CenterEvent) { events.withLock { $0.append(event) } }
    public var all: [CenterEvent] { events.withLock { $0 } }
    public func clear() { events.withLock { $0.removeAll() } }

    /// The `.delivered` events, in order.
    public var delivered: [(record: DeliveredRecord, replaced: Int64?)] {
        all.compactMap { event in
            if case .delivered(let record, let replaced) = event { return (record, replaced) }
            return nil
        }
    }
}

/// An engine on an in-memory store, a manual clock and a temporary attachments directory.
public struct EngineHarness: Sendable {
    public static let start = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01 00:00:00 UTC
    public let store: InMemoryStore
    public let clock: ManualClock
    public let prompter: FakePrompter
    public let directory: TemporaryDirectory
    public let events: EventRecorder
    public let engine: NotificationEngine
    public let configuration: EngineConfiguration

    public init(now: Date = EngineHarness.start, configuration: EngineConfiguration = EngineConfiguration(),
                store: InMemoryStore = InMemoryStore(), clock: ManualClock? = nil,
                directory: TemporaryDirectory? = nil) async throws {
        self.store = store
        self.clock = clock ?? ManualClock(now: now)
        self.prompter = FakePrompter()
        self.directory = try directory ?? TemporaryDirectory("herald-engine")
        self.events = EventRecorder()
        self.configuration = configuration
        engine = try NotificationEngine(store: store, clock: self.clock, prompter: prompter,
                                        attachmentsDirectory: self.directory.url.appendingPathComponent("attachments"),
                                        configuration: configuration)
        let events = self.events
        await engine.observe { events.record($0) }
    }

    /// The same store, clock and directory, as after a daemon restart.
    public func reopened() async throws -> EngineHarness {
        try await EngineHarness(configuration: configuration, store: store, clock: clock, directory: directory)
    }

    /// An app that is authorized for alerts, sounds and badges.
    @discardableResult
    public func authorizedApp(_ bundleIdentifier: String = "com.example.app") async -> String {
        await engine.registerCommandLineApp(bundleIdentifier: bundleIdentifier)
        return bundleIdentifier
    }

    public var attachmentsDirectory: URL { directory.url.appendingPathComponent("attachments") }
}
