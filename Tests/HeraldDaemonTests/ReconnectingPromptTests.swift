import Foundation
import HeraldClient
import HeraldCore
import Testing
import TestSupport

/// The terminal UI's connection (`ReconnectingCenterControl`) across a daemon restart: prompts
/// arrive on its one event stream from whichever daemon is connected, and `answerPrompt` goes
/// to the daemon in use.
@Suite("permission prompts across a reconnection", .serialized, .timeLimit(.minutes(2)))
struct ReconnectingPromptTests {
    static let app = "com.example.asker"

    @Test("the prompt of the new daemon reaches the reconnected UI, and its answer counts")
    func promptAfterRestart() async throws {
        let first = try await DaemonFixture.start()
        let home = first.home
        defer { home.remove() }
        let socketPath = first.socketPath
        let center = try await ReconnectingCenterControl.start(backoff: .init(first: 0.05, limit: 0.2)) {
            try await RemoteCenterControl.connect(socketPath: socketPath)
        }
        defer { center.stop() }
        let prompts = PromptWaiter(await center.events())

        let asker = RemoteNotificationSystem(socketPath: socketPath, client: "asker")
        let asking = Task { try await asker.requestAuthorization(options: [.alert], bundleIdentifier: Self.app) }
        let (firstID, _, _) = try await prompts.prompt()
        await first.stop(removingHome: false)
        _ = try? await asking.value
        asker.close()

        // A daemon again on the same center; the app asks again before or after the UI is back.
        let second = try await DaemonFixture.start(home: home)
        defer { second.stopInBackground(removingHome: false) }
        let again = RemoteNotificationSystem(socketPath: socketPath, client: "asker again")
        defer { again.close() }
        let granted = Task { try await again.requestAuthorization(options: [.alert], bundleIdentifier: Self.app) }
        var next = try await prompts.next()
        // (The first daemon's withdrawal may come first, when it said so before stopping.)
        if case .promptWithdrawn(let id, _) = next { #expect(id == firstID); next = try await prompts.next() }
        guard case .promptRequested(let prompt) = next else { throw TestFailure("expected a prompt, got \(next)") }
        #expect(prompt.app.bundleIdentifier == Self.app)
        #expect(try await center.answerPrompt(promptID: prompt.id, allowed: true))
        #expect(try await granted.value)
        #expect(await again.appRecord(bundleIdentifier: Self.app).authorizationStatus == .authorized)
    }
}
