import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport

/// Everyday use, the command line against a real `herald daemon`: each test is a
/// bug a new user ran into, and failed before its fix.
@Suite("everyday use of the herald commands", .serialized)
struct EverydayCommandTests {
    /// Bug 1: a denied app can be allowed again (`herald app ID --allow`), over the socket.
    @Test func aDeniedAppIsAllowedAgain() async throws {
        let daemon = try await DaemonFixture.start(DaemonOptions(["--prompt", "deny"]))
        defer { daemon.stopInBackground() }
        let app = try await IPCClient.connect(socketPath: daemon.socketPath,
                                              hello: ClientHello(role: .app, bundleIdentifier: "com.example.denied"))
        defer { app.close() }
        let ask = AuthorizationParams(bundleIdentifier: "com.example.denied", options: [.alert, .sound])
        #expect(try await app.call(Methods.requestAuthorization, ask) == false)

        let refused = try await daemon.run(["post", "--app", "com.example.denied", "--title", "Hello?"])
        #expect(refused.status == 5, "\(refused.stderr)")

        let allow = try await daemon.run(["app", "com.example.denied", "--allow"])
        #expect(allow.status == 0, "\(allow.stderr)")
        let record = try await daemon.ui().apps().first { $0.bundleIdentifier == "com.example.denied" }
        #expect(record?.authorizationStatus == .authorized)
        #expect(record?.settings.allowNotifications == true)
        // Asked again: authorized, from the record.
        #expect(try await app.call(Methods.requestAuthorization, ask) == true)
        #expect(try await daemon.run(["post", "--app", "com.example.denied", "--title", "Hello"]).status == 0)
    }

    /// Bug 3: posting for an app whose notifications are off says so, with exit status 5 (also
    /// with --wait, which used to wait forever), and keeps nothing.
    @Test(arguments: [[], ["--wait"]])
    func postingWhileNotificationsAreOffIsRefused(extra: [String]) async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        #expect(try await daemon.run(["post", "--new-app", "com.example.off", "--title", "on"]).status == 0)
        #expect(try await daemon.run(["app", "com.example.off", "--deny"]).status == 0)
        let result = try await daemon.run(["post", "--app", "com.example.off", "--title", "off", "--id", "off"] + extra)
        #expect(result.status == 5)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("turned off") && result.stderr.contains("herald app com.example.off --allow"),
                "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        let history = try await daemon.ui().history(HistoryQuery(bundleIdentifier: "com.example.off"))
        #expect(!history.contains { $0.identifier == "off" })
    }

    /// Smaller: a typo'd --app is refused (exit 3) instead of becoming a new app; --new-app makes one.
    @Test func aTypoInAppIsRefused() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        for arguments in [["post", "--app", "com.exmaple.tea", "--title", "Tea"], ["badge", "--app", "com.exmaple.tea", "1"],
                          ["remove", "--app", "com.exmaple.tea", "x"], ["clear", "--app", "com.exmaple.tea"]] {
            let result = try await daemon.run(arguments)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--new-app com.exmaple.tea"), "\(result.stderr)")
        }
        #expect(try await daemon.ui().apps().contains { $0.bundleIdentifier == "com.exmaple.tea" } == false)
        #expect(try await daemon.run(["post", "--new-app", "com.example.tea", "--title", "Tea"]).status == 0)
        #expect(try await daemon.run(["post", "--app", "com.example.tea", "--title", "Tea"]).status == 0)
    }

    /// Bug 4: --attach refuses directories, devices and FIFOs before copying, with a sentence,
    /// and no `herald-attach-*` is ever left behind.
    @Test func attachRefusesWhatIsNotAFileAndLeavesNothingBehind() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let scratch = try TemporaryDirectory("herald-attach-test")
        defer { scratch.remove() }
        let temporary = scratch.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let fifo = scratch.url.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = BuiltProducts.packageRoot.appendingPathComponent("Assets").path
        let readme = BuiltProducts.packageRoot.appendingPathComponent("README.md").path
        let environment = ["TMPDIR": temporary.path]
        for (path, expected) in [(directory, "is a directory"), (fifo, "named pipe"), ("/dev/null", "character device"),
                                 (readme, "is not a supported"), ("/no/such.png", "no such file")] {
            let result = try await daemon.run(["post", "--new-app", "a.b", "--title", "x", "--attach", path],
                                              environment: environment)
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("UNError("))
        }
        let photo = BuiltProducts.packageRoot.appendingPathComponent("Assets/photo.png").path
        let posted = try await daemon.run(["post", "--new-app", "a.b", "--title", "x", "--attach", photo],
                                          environment: environment)
        #expect(posted.status == 0, "\(posted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// Bug 6: one center per state directory; a second daemon names the holder's pid.
    @Test func aSecondDaemonOnTheSameHomeRefuses() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let second = try await daemon.run(["daemon"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("pid \(daemon.pid)"), "\(second.stderr)")
        #expect(second.stderr.contains("herald daemon"))
    }

    /// Bug 7: no daemon and HERALD_NO_SPAWN says what to do, not "errno 2".
    @Test func noCenterWithoutSpawningIsASentence() async throws {
        let home = try TemporaryDirectory("herald-nospawn")
        defer { home.remove() }
        let result = try await runHerald(["dnd"], home: home.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("herald daemon") && result.stderr.contains("HERALD_NO_SPAWN"), "\(result.stderr)")
        #expect(!result.stderr.contains("errno"))
    }

    /// Bug 8: a past --at is refused; pending prints identifiers whole; remove reports.
    @Test func schedulingAndRemovalGiveFeedback() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let past = try await daemon.run(["post", "--new-app", "com.example.s", "--title", "x", "--at", "2020-01-01 10:00"])
        #expect(past.status == 2)
        #expect(past.stderr.contains("has passed"), "\(past.stderr)")
        let id = "a-rather-long-request-identifier-" + String(repeating: "x", count: 40)
        #expect(try await daemon.run(["post", "--new-app", "com.example.s", "--id", id, "--title", "Later", "--in", "600"]).status == 0)
        let pending = try await daemon.run(["pending"])
        #expect(pending.stdout.contains(id), "\(pending.stdout)")
        #expect(pending.stdout.contains("after 600 s"))

        let ui = try await daemon.ui()
        let events = EventWaiter(await ui.events())
        #expect(try await daemon.run(["post", "--app", "com.example.s", "--id", "now", "--title", "Now"]).status == 0)
        _ = try await events.delivered("now")
        let removed = try await daemon.run(["remove", "--app", "com.example.s", id, "now", "nothere"])
        #expect(removed.status == 3)
        #expect(removed.stdout == "removed pending \(id)\nremoved delivered now\n")
        #expect(removed.stderr.contains("'nothere'") && !removed.stderr.contains("'now'"), "\(removed.stderr)")
        // An open UI hears of it at once: the row is off the list and read.
        let update = try await events.next {
            if case .updated(let record) = $0 { return record.identifier == "now" }
            return false
        }
        if case .updated(let record) = update { #expect(record.isRemovedFromList && record.isRead) }
        #expect(try await daemon.run(["remove", "--app", "com.example.s", "now"]).status == 3)
    }

    /// Smaller: the same actions posted again reuse one category instead of adding one each time.
    @Test func postCategoriesAreKeyedByTheirActions() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        for _ in 0..<3 {
            #expect(try await daemon.run(["post", "--new-app", "ci", "--title", "Deploy?", "--action", "yes:Yes",
                                          "--action", "no:No"]).status == 0)
        }
        #expect(try await daemon.run(["post", "--app", "ci", "--title", "Other", "--action", "ok:OK"]).status == 0)
        let categories = try await daemon.ui().apps().first { $0.bundleIdentifier == "ci" }?.categories ?? []
        #expect(categories.count == 2)
        #expect(try await daemon.run(["apps"]).stdout.contains("2 from herald post"))
    }

    /// Bug 3: the default app is the calling script, however it is started; $HERALD_APP wins.
    @Test func theDefaultAppIsTheScriptsName() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let scripts = try TemporaryDirectory("herald-script")
        defer { scripts.remove() }
        let script = scripts.url.appendingPathComponent("deploy.sh")
        try """
        #!/bin/sh
        "$HERALD" --home "$HERALD_TEST_HOME" post --title "$1"
        timeout 30 "$HERALD" --home "$HERALD_TEST_HOME" post --title "$1 (timeout)"
        """.write(to: script, atomically: true, encoding: .utf8)
        var environment = ["HERALD": BuiltProducts.path("herald"), "HERALD_TEST_HOME": daemon.home.path, "HERALD_NO_SPAWN": "1"]
        let unsetting = ["HERALD_SOCKET", "HERALD_APP"]
        for (shell, arguments) in [("/bin/sh", [script.path, "sh"]), ("/bin/bash", [script.path, "bash"]),
                                   ("/usr/bin/env", ["bash", script.path, "env"])] {
            let result = try await runProgram(shell, arguments, environment: environment,
                                              unsetting: unsetting)
            #expect(result.status == 0, "\(shell): \(result.stderr)")
        }
        let apps = try await daemon.ui().apps()
        #expect(apps.map(\.bundleIdentifier).contains("deploy.sh"))
        #expect(!apps.contains { ["sh", "bash", "timeout", "env"].contains($0.bundleIdentifier) },
                "\(apps.map(\.bundleIdentifier))")
        let history = try await daemon.ui().history(HistoryQuery(bundleIdentifier: "deploy.sh"))
        #expect(history.count == 6)

        environment["HERALD_APP"] = "com.example.deploy"
        _ = try await runProgram("/bin/sh", [script.path, "named"], environment: environment,
                                 unsetting: ["HERALD_SOCKET"])
        #expect(try await daemon.ui().history(HistoryQuery(bundleIdentifier: "com.example.deploy")).count == 2)
    }

    /// Install: `herald --version`; and every example file a --help names exists.
    @Test func versionAndHelpExamples() async throws {
        let home = try TemporaryDirectory("herald-help")
        defer { home.remove() }
        let version = try await runHerald(["--version"], home: home.path)
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("herald "))
        for command in ["post", "push", "app", "daemon", "demo", "history", "pending", "apps", "remove", "clear"] {
            let help = try await runHerald([command, "--help"], home: home.path).stdout
            let named = help.split(whereSeparator: { $0 == " " || $0 == "\n" })
                .filter { $0.hasPrefix("Assets/") || $0.hasPrefix("Sources/") || $0.hasPrefix("Examples/") }
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ").,")) }
            for path in named {
                #expect(FileManager.default.fileExists(atPath: BuiltProducts.packageRoot.appendingPathComponent(path).path),
                        "herald \(command) --help names \(path)")
            }
        }
    }
}
