import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport

/// `remote-app-example` — an ordinary program using `UNUserNotificationCenter.current()` — against
/// a real `herald daemon`, with a `RemoteCenterControl` client playing the user interface: the
/// permission prompt, the notification and the user's action all cross process boundaries.
@Suite("a remote app against herald daemon", .serialized, .timeLimit(.minutes(3)))
struct RemoteAppEndToEndTests {
    static let app = "com.example.remote-app"

    @Test("the app asks, posts, and its delegate gets the action the user picked")
    func appReceivesTheAction() async throws {
        try await DaemonFixture.with { daemon in
            let ui = try await daemon.ui()
            let prompts = PromptWaiter(await ui.events())
            let events = EventWaiter(await ui.events())
            async let run = runBuiltProgram("remote-app-example", ["--timeout", "60"],
                                            environment: daemon.appEnvironment(bundleIdentifier: Self.app))

            let (promptID, asking, options) = try await prompts.prompt()
            #expect(asking.bundleIdentifier == Self.app)
            #expect(options == [.alert, .sound, .badge])
            #expect(try await ui.answerPrompt(promptID: promptID, allowed: true))

            let delivered = try await events.delivered("remote-invite", timeout: 30)
            #expect(delivered.bundleIdentifier == Self.app)
            #expect(delivered.presentation.contains(.list))   // the app's willPresent answer
            let category = try await ui.apps().first { $0.bundleIdentifier == Self.app }?.category("INVITE")
            #expect(category?.actions.map(\.identifier) == ["ACCEPT", "DECLINE"])
            try await ui.respond(deliveryID: delivered.deliveryID, action: .action("ACCEPT"))

            let result = try await run
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("authorization: granted"))
            #expect(result.stdout.contains("willPresent: remote-invite"))
            #expect(result.stdout.contains("didReceive: ACCEPT remote-invite meeting=42"), "\(result.stdout)")
            #expect(!result.stderr.contains("in-process"), "the app must use the daemon: \(result.stderr)")
        }
    }

    @Test("a response made while the app is not running reaches it when it starts again")
    func queuedResponse() async throws {
        try await DaemonFixture.with { daemon in
            let ui = try await daemon.ui()
            let prompts = PromptWaiter(await ui.events())
            let events = EventWaiter(await ui.events())
            let environment = daemon.appEnvironment(bundleIdentifier: Self.app)
            async let firstRun = runBuiltProgram("remote-app-example", ["--post-only", "--timeout", "30"], environment: environment)
            let (promptID, _, _) = try await prompts.prompt()
            try await ui.answerPrompt(promptID: promptID, allowed: true)
            let delivered = try await events.delivered("remote-invite", timeout: 30)
            let posted = try await firstRun
            #expect(posted.status == 0, "\(posted.stdout)\(posted.stderr)")
            #expect(posted.stdout.contains("posted: remote-invite"))

            // The app has exited; give the daemon a moment to see its connection close.
            try await Task.sleep(nanoseconds: 500_000_000)
            try await ui.respond(deliveryID: delivered.deliveryID, action: .action("DECLINE"))
            _ = try await events.next { if case .responded = $0 { return true } else { return false } }

            let secondRun = try await runBuiltProgram("remote-app-example", ["--receive-only", "--timeout", "30"],
                                                      environment: environment)
            #expect(secondRun.status == 0, "\(secondRun.stdout)\(secondRun.stderr)")
            #expect(secondRun.stdout.contains("didReceive: DECLINE remote-invite meeting=42"), "\(secondRun.stdout)")
        }
    }

    @Test("herald daemon --prompt deny answers for the user when no UI is attached")
    func unattendedDeny() async throws {
        try await DaemonFixture.with(DaemonOptions(["--prompt", "deny"])) { daemon in
            let result = try await runBuiltProgram("remote-app-example", ["--timeout", "5"],
                                                   environment: daemon.appEnvironment(bundleIdentifier: Self.app))
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("authorization: denied"))
            let app = try await daemon.ui().apps().first { $0.bundleIdentifier == Self.app }
            #expect(app?.authorizationStatus == .denied)
        }
    }
}
