import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Synchronization
import Testing
import TestSupport

/// Permission prompts through the daemon: an app's `requestAuthorization` is shown by the
/// attached user interfaces (clients that subscribed with `prompts: true`) as events, the first answer
/// counts, and the others close their modal.
///
/// Each step waits for the event that says it happened (a prompt asked, withdrawn), never for a
/// clock: in a full run other tests can hold the cooperative pool for many seconds, and a wall-
/// clock deadline then runs out before the daemon had its turns. A missing event fails the test
/// at its time limit.
@Suite("permission prompts relayed to user interfaces", .timeLimit(.minutes(2)))
struct PermissionPromptRelayTests {
    static let app = "com.example.asker"

    /// An app process asking for permission, in the background.
    static func ask(_ system: RemoteNotificationSystem, _ bundle: String = app,
                    options: UNAuthorizationOptions = [.alert, .sound, .badge]) -> Task<Bool, any Error> {
        Task { try await system.requestAuthorization(options: options, bundleIdentifier: bundle) }
    }

    @Test("a UI answers Allow: the app is granted and authorized")
    func allow() async throws {
        let center = try await InProcessCenter(attendance: PromptAttendance())
        defer { center.stop() }
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.events())
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
        let attendance = PromptAttendance()
        let center = try await InProcessCenter(attendance: attendance)
        defer { center.stop() }
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.events())
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let granted = Self.ask(system)
        let (id, _, _) = try await prompts.prompt()
        #expect(try await ui.answerPrompt(promptID: id, allowed: false))
        #expect(try await granted.value == false)
        #expect(await system.appRecord(bundleIdentifier: Self.app).authorizationStatus == .denied)

        // Asking again answers from the record: no new prompt.
        #expect(try await system.requestAuthorization(options: [.alert], bundleIdentifier: Self.app) == false)
        #expect(await center.engine.pendingPrompts.isEmpty)
    }

    @Test("two UIs: the first answer wins, the other gets promptWithdrawn")
    func firstAnswerWins() async throws {
        let center = try await InProcessCenter(attendance: PromptAttendance())
        defer { center.stop() }
        let first = try await center.ui()
        let second = try await center.ui()
        let firstPrompts = PromptWaiter(await first.events())
        let secondPrompts = PromptWaiter(await second.events())
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
    }

    @Test("a prompt made before any UI attached waits, and reaches the UI that attaches")
    func pendingPromptReachesALateUI() async throws {
        let attendance = PromptAttendance()
        let center = try await InProcessCenter(attendance: attendance)
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let asked = PromptWaiter(await center.engine.events())
        let granted = Self.ask(system)
        let (waiting, _, _) = try await asked.prompt()   // the prompt waits in the engine
        try await Task.sleep(nanoseconds: 300_000_000)   // nobody answers while no UI is there
        #expect(await center.engine.pendingPrompts.map(\.id) == [waiting])

        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.events())
        let (id, app, _) = try await prompts.prompt()
        #expect(id == waiting)
        #expect(app.bundleIdentifier == Self.app)
        #expect(attendance.interfaceCount == 1)
        try await ui.answerPrompt(promptID: id, allowed: true)
        #expect(try await granted.value)
    }

    @Test("--prompt allow answers when no UI is attached, after the grace period")
    func unattendedAnswer() async throws {
        let attendance = PromptAttendance(unattendedAnswer: true, grace: 0.2)
        let center = try await InProcessCenter(attendance: attendance)
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        #expect(try await system.requestAuthorization(options: [.alert], bundleIdentifier: Self.app))
        #expect(await system.appRecord(bundleIdentifier: Self.app).authorizationStatus == .authorized)

        // With a UI attached the user is asked, not the fallback.
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.events())
        let granted = Self.ask(system, "com.example.other")
        let (id, _, _) = try await prompts.prompt()
        try await Task.sleep(nanoseconds: 400_000_000)
        #expect(await center.engine.pendingPrompts.count == 1)
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
        let attendance = PromptAttendance()
        let center = try await InProcessCenter(attendance: attendance)
        defer { center.stop() }
        let ui = try await center.ui()
        let prompts = PromptWaiter(await ui.events())
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        let asking = Self.ask(system)
        let (id, _, _) = try await prompts.prompt()
        system.close()
        #expect(try await prompts.resolved() == (id, nil))
        await #expect(throws: (any Error).self) { try await asking.value }
        #expect(await center.engine.pendingPrompts.isEmpty)
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

    @Test("a prompt up when a UI leaves is sent again to the next UI; one withdrawn meanwhile is not")
    func promptsAcrossReconnection() async throws {
        let center = try await InProcessCenter(attendance: PromptAttendance())
        defer { center.stop() }
        let system = RemoteNotificationSystem(socketPath: center.socketPath, client: "asker")
        defer { system.close() }
        let granted = Self.ask(system)
        let first = try await center.ui()
        let firstPrompts = PromptWaiter(await first.events())
        let (id, _, _) = try await firstPrompts.prompt()
        first.client.close()

        // The next UI (a reconnection) gets the prompt still waiting, and its answer counts.
        let second = try await center.ui()
        let secondPrompts = PromptWaiter(await second.events())
        #expect(try await secondPrompts.prompt().0 == id)
        second.client.close()

        // Withdrawn while no UI is attached (its app went away): the next UI gets nothing of it.
        let engineEvents = PromptWaiter(await center.engine.events())
        #expect(try await engineEvents.prompt().0 == id)   // the waiting one, replayed first
        let other = RemoteNotificationSystem(socketPath: center.socketPath, client: "leaver")
        let leaving = Self.ask(other, "com.example.leaver")
        let (leaverID, leaver, _) = try await engineEvents.prompt()
        #expect(leaver.bundleIdentifier == "com.example.leaver")
        other.close()
        _ = try? await leaving.value
        #expect(try await engineEvents.resolved() == (leaverID, nil))
        #expect(await center.engine.pendingPrompts.map(\.id) == [id])
        let third = try await center.ui()
        let thirdPrompts = PromptWaiter(await third.events())
        #expect(try await thirdPrompts.prompt().0 == id)
        #expect(try await third.answerPrompt(promptID: id, allowed: true))
        #expect(try await thirdPrompts.resolved() == (id, true))
        #expect(try await granted.value)
    }
}

/// Prompt events from a stream, consumed in order. Each is awaited for as long as it takes (the
/// suite's time limit fails a test whose event never comes).
final class PromptWaiter: @unchecked Sendable {
    private var iterator: AsyncStream<CenterEvent>.AsyncIterator
    init(_ stream: AsyncStream<CenterEvent>) { iterator = stream.makeAsyncIterator() }

    /// The next prompt event (other events are skipped).
    func next() async throws -> CenterEvent {
        while true {
            guard let event = await iterator.next() else { throw TestFailure("the event stream ended") }
            if event.isPrompt { return event }
        }
    }

    /// The next event, which must be a prompt.
    func prompt() async throws -> (Int64, AppRecord, UNAuthorizationOptions) {
        let event = try await next()
        guard case .promptRequested(let prompt) = event else { throw TestFailure("expected a prompt, got \(event)") }
        return (prompt.id, prompt.app, prompt.options)
    }

    /// The next event, which must be a resolution.
    func resolved() async throws -> (Int64, Bool?) {
        let event = try await next()
        guard case .promptWithdrawn(let id, let outcome) = event else { throw TestFailure("expected a withdrawal, got \(event)") }
        return (id, outcome == .notAnswered ? nil : outcome == .allowed)
    }
}
