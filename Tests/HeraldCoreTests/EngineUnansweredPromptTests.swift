import Foundation
import HeraldCore
import Testing
import TestSupport

/// A prompt that ends without an answer (`PromptOutcome.notAnswered`) leaves nothing behind.
@Suite struct EngineUnansweredPromptTests {
    /// Answers with a fixed outcome.
    struct OutcomePrompter: AuthorizationPrompter {
        let outcome: PromptOutcome
        func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool { outcome == .allowed }
        func promptOutcome(app: AppRecord, options: UNAuthorizationOptions) async -> PromptOutcome { outcome }
    }

    @Test func anUnansweredPromptReturnsFalseAndRemembersNothing() async throws {
        let directory = try TemporaryDirectory("herald-unanswered")
        defer { directory.remove() }
        let store = InMemoryStore()
        let engine = try NotificationEngine(store: store, clock: ManualClock(now: EngineHarness.start),
                                            prompter: OutcomePrompter(outcome: .notAnswered),
                                            attachmentsDirectory: directory.url.appendingPathComponent("attachments"))
        #expect(try await engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") == false)
        #expect(await engine.appRecord(bundleIdentifier: "a").authorizationStatus == .notDetermined)

        // The next run asks again, and this time the answer sticks.
        let again = try NotificationEngine(store: store, clock: ManualClock(now: EngineHarness.start),
                                           prompter: OutcomePrompter(outcome: .allowed),
                                           attachmentsDirectory: directory.url.appendingPathComponent("attachments"))
        #expect(try await again.requestAuthorization(options: [.alert], bundleIdentifier: "a"))
        #expect(await again.appRecord(bundleIdentifier: "a").authorizationStatus == .authorized)
    }

    @Test func aPrompterWithOnlyPromptStillRecordsItsAnswer() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        h.prompter.answer = false
        #expect(await h.prompter.promptOutcome(app: AppRecord(bundleIdentifier: "x"), options: [.alert]) == .denied)
        #expect(try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a") == false)
        #expect(await h.engine.appRecord(bundleIdentifier: "a").authorizationStatus == .denied)
    }
}
