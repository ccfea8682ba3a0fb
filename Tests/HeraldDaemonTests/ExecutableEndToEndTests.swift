import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport

/// The real binaries: `herald daemon` in a temporary home, `herald post|push|…` against it, and
/// a second client acting as the user interface through `RemoteCenterControl.respond`.
@Suite("herald executables end to end", .serialized)
struct ExecutableEndToEndTests {
    enum Answer: String, CaseIterable, Sendable {
        case action, reply, open, dismiss
    }

    @Test("post --wait prints the user's answer", arguments: Answer.allCases)
    func postWait(answer: Answer) async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let ui = try await daemon.ui()
        let events = EventWaiter(await ui.events())
        let id = "ask-\(answer.rawValue)"
        let post = Task {
            try await daemon.run(["post", "--new-app", "com.example.script", "--id", id, "--title", "Deploy?",
                                  "--action", "yes:Deploy:destructive", "--action", "no:Cancel",
                                  "--reply", "msg:Reply:Send:type here", "--wait", "--timeout", "30"])
        }
        let delivered = try await events.delivered(id)
        #expect(delivered.content.title == "Deploy?")
        let category = try await ui.apps().first { $0.bundleIdentifier == "com.example.script" }?
            .category(delivered.content.categoryIdentifier)
        #expect(category?.actions.map(\.identifier) == ["yes", "no", "msg"])
        #expect(category?.options.contains(.customDismissAction) == true)
        let action: ResponseAction
        let expected: String
        switch answer {
        case .action: (action, expected) = (.action("yes"), "yes")
        case .reply: (action, expected) = (.reply(actionIdentifier: "msg", text: "ship it"), "ship it")
        case .open: (action, expected) = (.open, "@DEFAULT")
        case .dismiss: (action, expected) = (.dismiss, "@DISMISSED")
        }
        try await ui.respond(deliveryID: delivered.deliveryID, action: action)
        let result = try await post.value
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected + "\n")
    }

    @Test("post --wait --json prints one object; --timeout prints @TIMEOUT with status 4")
    func postJSONAndTimeout() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let ui = try await daemon.ui()
        let events = EventWaiter(await ui.events())
        let post = Task {
            try await daemon.run(["post", "--new-app", "com.example.json", "--id", "j1", "--title", "Lunch?",
                                  "--reply", "r:Answer", "--wait", "--json"])
        }
        let delivered = try await events.delivered("j1")
        try await ui.respond(deliveryID: delivered.deliveryID, action: .reply(actionIdentifier: "r", text: "noodles"))
        let result = try await post.value
        #expect(result.status == 0)
        let object = try JSONValue.parse(Data(result.stdout.utf8)).objectValue
        #expect(object?["identifier"] == "j1")
        #expect(object?["app"] == "com.example.json")
        #expect(object?["actionIdentifier"] == "r")
        #expect(object?["activationType"] == "replied")
        #expect(object?["userText"] == "noodles")
        #expect(object?["deliveredAt"]?.stringValue != nil)
        #expect(object?["respondedAt"]?.stringValue != nil)

        let timeout = try await daemon.run(["post", "--app", "com.example.json", "--title", "Anyone?", "--wait", "--timeout", "0.5"])
        #expect(timeout.status == 4)
        #expect(timeout.stdout == "@TIMEOUT\n")
    }

    @Test("post prints the identifier; usage errors exit 2; other commands work")
    func postAndFriends() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let posted = try await daemon.run(["post", "--title", "Build finished", "--body", "ok", "--id", "b1",
                                           "--badge", "2", "--info", "job=42", "--level", "time-sensitive"])
        #expect(posted.status == 0, "\(posted.stderr)")
        #expect(posted.stdout == "b1\n")
        // Without --app the poster is named after the calling command (this test process).
        let apps = try await daemon.ui().apps()
        let poster = try #require(apps.first { $0.badge == 2 })
        #expect(poster.isCommandLineApp && poster.authorizationStatus == .authorized)

        for arguments in [["post"], ["post", "--title", "x", "--level", "loud"], ["post", "--title", "x", "--in", "5", "--at", "10:00"],
                          ["post", "--title", "x", "--in", "10", "--repeat"], ["post", "--title", "x", "--timeout", "3"],
                          ["post", "--title", "x", "--action", "nocolon"], ["push"], ["badge", "--app", "a", "minus"], ["dnd", "maybe"]] {
            let result = try await daemon.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
        #expect(try await daemon.run(["dnd", "on"]).status == 0)
        #expect(try await daemon.run(["dnd"]).stdout == "on\n")
        #expect(try await daemon.run(["badge", "--new-app", "com.example.b", "7"]).status == 0)
        #expect(try await daemon.ui().apps().first { $0.bundleIdentifier == "com.example.b" }?.badge == 7)
        #expect(try await daemon.run(["badge", "--app", "com.example.b", "clear"]).status == 0)
        let token = try await daemon.run(["app", "com.example.b", "--token"])
        #expect(token.stdout.trimmingCharacters(in: .newlines).count == 64)
        #expect(try await daemon.run(["app", "com.example.b", "--token"]).stdout == token.stdout)
        let pending = try await daemon.run(["post", "--app", "com.example.b", "--id", "later", "--title", "L", "--in", "600"])
        #expect(pending.status == 0)
        #expect(try await daemon.run(["remove", "--app", "com.example.b", "later"]).status == 0)
        #expect(try await daemon.run(["clear"]).status == 0)
        #expect(try await daemon.run(["version", "--help"]).status == 0)
        for command in ["daemon", "post", "push", "badge", "remove", "clear", "dnd", "app"] {
            let help = try await daemon.run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("Example"), "\(command)")
        }
    }

    @Test("push delivers the sample .apns files", arguments: ["alert.apns", "badge.apns", "time-sensitive.apns", "mutable-content.apns", "background.apns"])
    func pushSamples(file: String) async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let path = BuiltProducts.packageRoot.appendingPathComponent("Assets/\(file)").path
        let result = try await daemon.run(["push", "--collapse-id", "sample", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "sample\n")
        let history = try await daemon.ui().history(HistoryQuery(bundleIdentifier: "com.example.herald.sample"))
        #expect(history.count == (file == "background.apns" ? 0 : 1))
    }

    @Test("push rejects the broken .apns files with APNs reasons", arguments: [
        ("broken-empty.apns", "PayloadEmpty"), ("broken-not-json.apns", "BadPayload"), ("broken-no-aps.apns", "BadPayload"),
        ("broken-no-target.apns", "MissingTopic"), ("broken-too-large.apns", "PayloadTooLarge"),
    ])
    func pushBroken(file: String, reason: String) async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let path = BuiltProducts.packageRoot.appendingPathComponent("Assets/\(file)").path
        let result = try await daemon.run(["push", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(reason): "), "\(result.stderr)")
        let long = try await daemon.run(["push", "--app", "a.b", "--collapse-id", String(repeating: "c", count: 65),
                                         BuiltProducts.packageRoot.appendingPathComponent("Assets/alert.apns").path])
        #expect(long.stderr.contains("BadCollapseId"))
    }

    @Test("push --token addresses the app; stdin works; a service-extension command rewrites mutable content")
    func pushTokenAndExtension() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let app = "com.example.herald.sample"
        let token = try await daemon.run(["app", app, "--token"]).stdout.trimmingCharacters(in: .newlines)
        let viaToken = try await daemon.run(["push", "--token", token, "--collapse-id", "t1", "-"],
                                            stdin: Data(#"{"aps":{"alert":"by token"}}"#.utf8))
        #expect(viaToken.status == 0, "\(viaToken.stderr)")
        #expect(try await daemon.run(["app", app, "--service-extension",
                                      #"cat >/dev/null; printf '{"title":"Decrypted","body":"Hello"}'"#]).status == 0)
        let ui = try await daemon.ui()
        let events = EventWaiter(await ui.events())
        let mutable = try await daemon.run(["push", "--collapse-id", "m1",
                                            BuiltProducts.packageRoot.appendingPathComponent("Assets/mutable-content.apns").path])
        #expect(mutable.status == 0, "\(mutable.stderr)")
        let delivered = try await events.delivered("m1")
        #expect(delivered.content.title == "Decrypted")
        #expect(delivered.content.body == "Hello")
        #expect(try await daemon.run(["app", app]).stdout.contains("service extension:  cat"))
    }

    @Test("pending requests survive a daemon restart and still fire")
    func restartKeepsPending() async throws {
        let first = try await DaemonFixture.start()
        let home = first.home
        defer { home.remove() }
        let posted = try await first.run(["post", "--new-app", "com.example.later", "--id", "later", "--title", "Later", "--in", "4"])
        #expect(posted.status == 0)
        let pending = try await IPCClient.connect(socketPath: first.socketPath, hello: ClientHello(role: .cli))
        #expect(try await pending.call(Methods.pendingRequests, AppParams(bundleIdentifier: "com.example.later")).map(\.identifier) == ["later"])
        pending.close()
        await first.stop(removingHome: false)
        let second = try await DaemonFixture.start(home: home)
        defer { second.stopInBackground() }
        // Still pending after the restart (the store kept it), then delivered into history.
        let ui = try await second.ui()
        let pendingOrDelivered = await eventually(timeout: 20) {
            let history = (try? await ui.history(HistoryQuery(bundleIdentifier: "com.example.later"))) ?? []
            return history.contains { $0.identifier == "later" && $0.content.title == "Later" }
        }
        #expect(pendingOrDelivered)
    }

    @Test("a client starts the daemon when none answers (post does it on its own thread)",
          arguments: [["dnd"], ["post", "--new-app", "com.example.spawn", "--id", "spawned", "--title", "Hi"]])
    func spawnsDaemon(_ command: [String]) async throws {
        let home = try TemporaryDirectory("herald-spawn")
        defer { home.remove() }
        let result = try await runHerald(command, home: home.path, spawn: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (command[0] == "dnd" ? "off\n" : "spawned\n"))
        // Stop the daemon it started (by the pid the daemon reports in hello).
        let client = try await IPCClient.connect(socketPath: home.path + "/herald.sock", hello: ClientHello(role: .cli))
        let pid = client.server.pid
        client.close()
        kill(pid, SIGTERM)
        #expect(await eventually { kill(pid, 0) != 0 })
    }
}
