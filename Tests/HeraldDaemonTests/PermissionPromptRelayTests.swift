import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Synchronization
import Testing
import TestSupport

/// Permission prompts through the daemon: an app's `requestAuthorization` is shown by the
/// attached user interfaces (clients that subscribed with `prompts: true`), the first answer
/// counts, and the others close their modal.
@Suite("permission prompts relayed to user interfaces")
struct PermissionPromptRelayTests {
    static let app = "com.example.asker"

    /// An app process asking for permission, in the background.
    static func ask(_ system: RemoteNotificationSystem, _ bundle: String = app,
                    options: UNAuthorizationOptions = [.alert, .sound, .badge]) -> Task<Bool, any Error> {
        Task { try await system.requestAuthorization(options: options, bundleIdentifier: bundle) }
    }

    @Test("a UI answers Allow: the app is granted and authorized")
    func allow() async throws {
        let center = try await InProcessCenter(relay: RelayingPrompter())
        defer { center.stop() }
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.prompts())
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let granted = Self.ask(system)

        let (id, app, options) = try await prompts.prompt()
        #expect(app.bundleIdentifier == Self.app)
        #expect(options == [.alert, .sound, .badge])
        #expect(try await ui.answerPrompt(promptID: id, allowed: true))
        #expect(try await granted.value)
        #expect(try await prompts.resolved() == (id, true))
        let record = await system.appRecord(bundleIdentifier: Self.app)
        #expect(record.authorizationStatus == .authorized)
        #expect(record.authorizedOptions == [.alert, .sound, .badge])
    }

    @Test("a UI answers Don't Allow: denied, remembered, and not asked again")
    func denyIsRemembered() async throws {
        let relay = RelayingPrompter()
        let center = try await InProcessCenter(relay: relay)
        defer { center.stop() }
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.prompts())
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let granted = Self.ask(system)
        let (id, _, _) = try await prompts.prompt()
        #expect(try await ui.answerPrompt(promptID: id, allowed: false))
        #expect(try await granted.value == false)
        #expect(await system.appRecord(bundleIdentifier: Self.app).authorizationStatus == .denied)

        // Asking again answers from the record: no new prompt.
        #expect(try await system.requestAuthorization(options: [.alert], bundleIdentifier: Self.app) == false)
        #expect(relay.pendingPrompts.isEmpty)
        #expect(ui.waitingPrompts.isEmpty)
    }

    @Test("two UIs: the first answer wins, the other gets authorizationPromptResolved")
    func firstAnswerWins() async throws {
        let center = try await InProcessCenter(relay: RelayingPrompter())
        defer { center.stop() }
        let first = try await center.ui()
        let second = try await center.ui()
        let firstPrompts = PromptWaiter(await first.prompts())
        let secondPrompts = PromptWaiter(await second.prompts())
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let granted = Self.ask(system)

        let (id, _, _) = try await firstPrompts.prompt()
        let (sameID, _, _) = try await secondPrompts.prompt()
        #expect(id == sameID)
        #expect(try await second.answerPrompt(promptID: id, allowed: true))
        #expect(try await firstPrompts.resolved() == (id, true))
        #expect(try await first.answerPrompt(promptID: id, allowed: false) == false)   // too late
        #expect(try await granted.value)
        #expect(await system.appRecord(bundleIdentifier: Self.app).authorizationStatus == .authorized)
        #expect(first.waitingPrompts.isEmpty && second.waitingPrompts.isEmpty)
    }

    @Test("a prompt made before any UI attached waits, and reaches the UI that attaches")
    func pendingPromptReachesALateUI() async throws {
        let relay = RelayingPrompter()
        let center = try await InProcessCenter(relay: relay)
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let granted = Self.ask(system)
        #expect(await eventually { relay.pendingPrompts.count == 1 })
        try await Task.sleep(nanoseconds: 300_000_000)   // nobody answers while no UI is there
        #expect(relay.pendingPrompts.count == 1)

        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.prompts())
        let (id, app, _) = try await prompts.prompt()
        #expect(app.bundleIdentifier == Self.app)
        #expect(relay.interfaceCount == 1)
        try await ui.answerPrompt(promptID: id, allowed: true)
        #expect(try await granted.value)
    }

    @Test("--prompt allow answers when no UI is attached, after the grace period")
    func unattendedAnswer() async throws {
        let relay = RelayingPrompter(unattendedAnswer: true, grace: 0.2)
        let center = try await InProcessCenter(relay: relay)
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        #expect(try await system.requestAuthorization(options: [.alert], bundleIdentifier: Self.app))
        #expect(await system.appRecord(bundleIdentifier: Self.app).authorizationStatus == .authorized)

        // With a UI attached the user is asked, not the fallback.
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.prompts())
        let granted = Self.ask(system, "com.example.other")
        let (id, _, _) = try await prompts.prompt()
        try await Task.sleep(nanoseconds: 400_000_000)
        #expect(relay.pendingPrompts.count == 1)
        try await ui.answerPrompt(promptID: id, allowed: false)
        #expect(try await granted.value == false)
        #expect(try await prompts.resolved() == (id, false))

        // The UI leaves with a prompt up: the fallback answers it after the grace.
        let third = Self.ask(system, "com.example.third")
        _ = try await prompts.prompt()
        ui.client.close()
        #expect(try await third.value)
    }

    @Test("an app that disconnects withdraws its prompt; nothing is remembered")
    func disconnectCancels() async throws {
        let relay = RelayingPrompter()
        let center = try await InProcessCenter(relay: relay)
        defer { center.stop() }
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.prompts())
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        let asking = Self.ask(system)
        let (id, _, _) = try await prompts.prompt()
        system.close()
        #expect(try await prompts.resolved() == (id, nil))
        await #expect(throws: (any Error).self) { try await asking.value }
        #expect(relay.pendingPrompts.isEmpty)
        #expect(try await ui.answerPrompt(promptID: id, allowed: true) == false)
        #expect(await center.engine.appRecord(bundleIdentifier: Self.app).authorizationStatus == .notDetermined)

        // The next run asks again.
        let again = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker again")
        defer { again.close() }
        let granted = Self.ask(again)
        let (next, _, _) = try await prompts.prompt()
        #expect(next != id)
        try await ui.answerPrompt(promptID: next, allowed: true)
        #expect(try await granted.value)
    }

    @Test("RemotePromptBridge shows the prompt through the UI's prompter, and withdraws it when another UI answers")
    func bridge() async throws {
        let center = try await InProcessCenter(relay: RelayingPrompter())
        defer { center.stop() }
        let bridged = try await center.ui()
        let prompter = ScriptedPrompter()
        let bridge = RemotePromptBridge(control: bridged, prompter: prompter)
        await bridge.start()
        defer { bridge.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }

        // The user answers in the bridged UI.
        let first = Self.ask(system, "com.example.one")
        #expect(await eventually { prompter.showing.count == 1 })
        #expect(prompter.showing.first?.bundleIdentifier == "com.example.one")
        prompter.answerFirst(.allowed)
        #expect(try await first.value)

        // Another UI answers first: the bridged prompt is withdrawn (cancelled, unanswered).
        let other = try await center.ui()
        let otherPrompts = PromptWaiter(await other.prompts())
        let second = Self.ask(system, "com.example.two")
        #expect(await eventually { prompter.showing.count == 1 })
        let (id, _, _) = try await otherPrompts.prompt()
        try await other.answerPrompt(promptID: id, allowed: false)
        #expect(try await second.value == false)
        #expect(await eventually { prompter.showing.isEmpty && prompter.cancelled == ["com.example.two"] })
        #expect(bridge.showingCount == 0)
    }
}

/// A prompter whose prompts stay up until the test answers; a cancelled prompt ends
/// `.notAnswered` (as `UIPrompter`'s modal closes).
final class ScriptedPrompter: AuthorizationPrompter {
    private struct Shown {
        let id: Int
        let app: AppRecord
        let resume: CheckedContinuation<PromptOutcome, Never>
    }
    private struct State {
        var shown: [Shown] = []
        var cancelled: [String] = []
        var nextID = 0
    }
    private let state = Mutex(State())

    var showing: [AppRecord] { state.withLock { $0.shown.map(\.app) } }
    var cancelled: [String] { state.withLock { $0.cancelled } }

    func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool {
        await promptOutcome(app: app, options: options) == .allowed
    }

    func promptOutcome(app: AppRecord, options: UNAuthorizationOptions) async -> PromptOutcome {
        let id = state.withLock { s -> Int in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { $0.shown.append(Shown(id: id, app: app, resume: continuation)) }
            }
        } onCancel: {
            let shown = state.withLock { s -> Shown? in
                guard let index = s.shown.firstIndex(where: { $0.id == id }) else { return nil }
                s.cancelled.append(app.bundleIdentifier)
                return s.shown.remove(at: index)
            }
            shown?.resume.resume(returning: .notAnswered)
        }
    }

    func answerFirst(_ outcome: PromptOutcome) {
        let shown = state.withLock { $0.shown.isEmpty ? nil : $0.shown.removeFirst() }
        shown?.resume.resume(returning: outcome)
    }
}

/// Prompt events from a stream, consumed in order, each awaited with a deadline.
final class PromptWaiter: @unchecked Sendable {
    private var iterator: AsyncStream<PromptEvent>.AsyncIterator
    init(_ stream: AsyncStream<PromptEvent>) { iterator = stream.makeAsyncIterator() }

    func next(timeout: TimeInterval = 10) async throws -> PromptEvent {
        let event = try await withDeadline(Date().addingTimeInterval(timeout)) { [self] in await self.iterator.next() }
        guard let event else { throw TestFailure("the prompt stream ended") }
        return event
    }

    /// The next event, which must be a prompt.
    func prompt() async throws -> (Int64, AppRecord, UNAuthorizationOptions) {
        let event = try await next()
        guard case .authorizationPrompt(let id, let app, let options) = event else { throw TestFailure("expected a prompt, got \(event)") }
        return (id, app, options)
    }

    /// The next event, which must be a resolution.
    func resolved() async throws -> (Int64, Bool?) {
        let event = try await next()
        guard case .authorizationPromptResolved(let id, let allowed) = event else { throw TestFailure("expected a resolution, got \(event)") }
        return (id, allowed)
    }
}
