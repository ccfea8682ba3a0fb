import Foundation
@testable import HeraldCore
import Testing
import TestSupport

/// The engine as the one broker of permission prompts: prompts are center events, answered
/// through `answerPrompt`, withdrawn when nobody waits any more.
@Suite struct EnginePromptBrokerTests {
    /// An engine with no prompter: prompts wait for `answerPrompt`, as in the daemon and the demo.
    static func engine(_ directory: TemporaryDirectory, recorder: EventRecorder) async throws -> NotificationEngine {
        let engine = try NotificationEngine(store: InMemoryStore(), clock: ManualClock(now: EngineHarness.start), prompter: nil,
                                            attachmentsDirectory: directory.url.appendingPathComponent("attachments"))
        await engine.observe { recorder.record($0) }
        return engine
    }

    /// Waits (bounded) until the engine has `count` prompts up.
    static func waitForPrompts(_ engine: NotificationEngine, count: Int) async -> [PendingPrompt] {
        for _ in 0..<10_000 {
            let pending = await engine.pendingPrompts
            if pending.count == count { return pending }
            await Task.yield()
        }
        return await engine.pendingPrompts
    }

    /// Two calls of app "a" waiting on its one prompt.
    static func twoRequests(_ engine: NotificationEngine) async
        -> (Task<Bool, any Error>, Task<Bool, any Error>, [PendingPrompt]) {
        let first = Task { try await engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") }
        let pending = await waitForPrompts(engine, count: 1)
        let second = Task { try await engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") }
        for _ in 0..<10_000 where await engine.callsWaiting(on: pending.first?.id ?? 0) < 2 { await Task.yield() }
        return (first, second, pending)
    }

    static func withdrawals(_ recorder: EventRecorder) -> [(Int64, PromptOutcome)] {
        recorder.all.compactMap { if case .promptWithdrawn(let id, let outcome) = $0 { (id, outcome) } else { nil } }
    }

    @Test func aPromptIsAnEventAndAnswerPromptSettlesIt() async throws {
        let directory = try TemporaryDirectory("herald-broker")
        defer { directory.remove() }
        let recorder = EventRecorder()
        let engine = try await Self.engine(directory, recorder: recorder)
        let asking = Task { try await engine.requestAuthorization(options: [.alert, .badge], bundleIdentifier: "a") }
        let pending = await Self.waitForPrompts(engine, count: 1)
        try #require(pending.count == 1)
        #expect(recorder.all.contains(.promptRequested(pending[0])))
        #expect(pending[0].app.bundleIdentifier == "a" && pending[0].options == [.alert, .badge])

        #expect(try await engine.answerPrompt(promptID: pending[0].id, allowed: true))
        #expect(try await asking.value)
        #expect(Self.withdrawals(recorder).map(\.0) == [pending[0].id])
        #expect(Self.withdrawals(recorder).map(\.1) == [.allowed])
        #expect(await engine.appRecord(bundleIdentifier: "a").authorizationStatus == .authorized)
        // Too late: settled already.
        #expect(try await engine.answerPrompt(promptID: pending[0].id, allowed: false) == false)
        #expect(await engine.pendingPrompts.isEmpty)
    }

    @Test func aLateSubscriberGetsThePromptsWaiting() async throws {
        let directory = try TemporaryDirectory("herald-broker")
        defer { directory.remove() }
        let engine = try await Self.engine(directory, recorder: EventRecorder())
        let asking = Task { try await engine.requestAuthorization(options: [.alert], bundleIdentifier: "late") }
        let pending = await Self.waitForPrompts(engine, count: 1)
        var events = await engine.events().makeAsyncIterator()
        #expect(await events.next() == .promptRequested(pending[0]))
        _ = try await engine.answerPrompt(promptID: pending[0].id, allowed: false)
        #expect(try await asking.value == false)
        #expect(await engine.appRecord(bundleIdentifier: "late").authorizationStatus == .denied)
    }

    @Test func requestsOfOneAppShareOnePrompt() async throws {
        let directory = try TemporaryDirectory("herald-broker")
        defer { directory.remove() }
        let recorder = EventRecorder()
        let engine = try await Self.engine(directory, recorder: recorder)
        let (first, second, pending) = await Self.twoRequests(engine)
        #expect(await engine.pendingPrompts.count == 1)
        _ = try await engine.answerPrompt(promptID: pending[0].id, allowed: true)
        let answers = [try await first.value, try await second.value]
        #expect(answers == [true, true])
        #expect(recorder.all.filter { if case .promptRequested = $0 { true } else { false } }.count == 1)
    }

    @Test func thePromptIsWithdrawnWhenTheLastRequestStopsWaiting() async throws {
        let directory = try TemporaryDirectory("herald-broker")
        defer { directory.remove() }
        let recorder = EventRecorder()
        let engine = try await Self.engine(directory, recorder: recorder)
        let (first, second, pending) = await Self.twoRequests(engine)

        first.cancel()
        #expect(try await first.value == false)
        #expect(await engine.pendingPrompts.count == 1)   // the second still waits
        second.cancel()
        #expect(try await second.value == false)
        #expect(await Self.waitForPrompts(engine, count: 0).isEmpty)
        #expect(Self.withdrawals(recorder).map(\.1) == [.notAnswered])
        #expect(await engine.appRecord(bundleIdentifier: "a").authorizationStatus == .notDetermined)
        #expect(try await engine.answerPrompt(promptID: pending[0].id, allowed: true) == false)
    }

    @Test func theEnginesPrompterAnswersAlongsideAndThePromptStillShows() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        #expect(try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a"))
        let requested = h.events.all.compactMap { if case .promptRequested(let p) = $0 { p } else { nil } }
        #expect(requested.map(\.app.bundleIdentifier) == ["a"])
        #expect(h.events.all.contains(.promptWithdrawn(promptID: requested[0].id, outcome: .allowed)))
    }
}
