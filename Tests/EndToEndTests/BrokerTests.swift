import Foundation
import HeraldCore
import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// Notifications from other machines through a real mosquitto broker on a loopback port: the
/// `herald` binary as daemon (`--broker`), as UI in tmux, and as `herald post --broker` from a
/// second home standing in for another machine. Skipped, with the reason, when mosquitto is not
/// installed.
@Suite(.skipped(because: MosquittoBroker.unavailableReason)) struct BrokerTests {
    static let herald = BuiltProducts.path("herald")

    /// A broker (a test using it is marked `.skipped(because: MosquittoBroker.unavailableReason)`).
    static func broker(users: [String: String] = [:], tls: MosquittoBroker.TLS? = nil) throws -> MosquittoBroker {
        try MosquittoBroker(users: users, tls: tls)
    }

    /// `herald --home HOME history --json` as identifiers and records.
    static func history(home: String) async throws -> [[String: Any]] {
        let result = try await runProgram(herald, ["--home", home, "history", "--json", "--limit", "5000"],
                                          environment: ["HERALD_NO_SPAWN": "1"])
        guard result.status == 0 else { throw ProcessError("herald history failed: \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// Waits until the history of `home` holds `count` notifications (or more); returns it.
    static func waitForHistory(home: String, count: Int, timeout: TimeInterval = 120) async throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let items = try await history(home: home)
            if items.count >= count || Date() > deadline { return items }
            try await Task.sleep(for: .seconds(0.2))
        }
    }

    @Test func postWaitFromAnotherMachineIsAnsweredInTheUI() async throws {
        let broker = try Self.broker()
        defer { broker.stop() }
        let center = try await CenterSession(daemonArguments: ["--broker", broker.url()])
        defer { center.close() }
        try await center.daemon.waitForLog("Broker: connected")
        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        let post = try RunningCommand(Self.herald, ["--home", away.path, "post", "--broker", broker.url(), "--app", "ci.deploy",
                                                    "--title", "Deploy from CI?", "--action", "approve:Approve",
                                                    "--action", "reject:Reject:destructive", "--wait"])
        try await center.ui.waitFor("[1 Approve] [2 Reject]")
        await center.ui.send("1")
        let result = await post.finish()
        #expect(result.stdout == "approve\n", "stderr: \(result.stderr)")
        #expect(result.status == 0)
    }

    /// The daemon finds its broker in the configuration file's `[broker]` section when neither
    /// `--broker` nor `$HERALD_BROKER` names one; an unknown key there is refused with its line.
    @Test func theDaemonReadsItsBrokerFromTheConfigurationFile() async throws {
        let broker = try Self.broker()
        defer { broker.stop() }
        let home = try TemporaryDirectory("herald-configured")
        defer { home.remove() }
        let config = home.url.appendingPathComponent("config")
        try "[broker]\nurl = \(broker.url())\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try await DaemonFixture.start(DaemonOptions(environment: ["HERALD_CONFIG": config.path, "HERALD_BROKER": ""]), home: home)
        defer { daemon.stopInBackground(removingHome: false) }
        try await daemon.waitForLog("Broker: connected")
        #expect(!daemon.log.contains("unknown section"), "\(daemon.log)")
        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        let post = try await runProgram(Self.herald, ["--home", away.path, "post", "--broker", broker.url(),
                                                      "--app", "cron", "--title", "From the config"],
                                        environment: ["HERALD_NO_SPAWN": "1"])
        #expect(post.status == 0, "stderr: \(post.stderr)")
        let items = try await Self.waitForHistory(home: home.path, count: 1, timeout: 30)
        #expect(items.contains { ($0["title"] as? String) == "From the config" }, "\(items)")

        let bad = home.url.appendingPathComponent("bad-config")
        try "[broker]\nurl = \(broker.url())\npassword = hunter2\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = try await runProgram(Self.herald, ["--home", home.path + "-other", "daemon"],
                                           environment: ["HERALD_CONFIG": bad.path, "HERALD_BROKER": ""])
        // A mistake in the daemon's sections stops it (status 1), naming the file's line.
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bad-config:3: [broker] has no setting 'password'"), "\(refused.stderr)")
    }

    @Test func postsPublishedWhileTheDaemonIsDownArriveExactlyOnce() async throws {
        let broker = try Self.broker()
        defer { broker.stop() }
        let home = try TemporaryDirectory("herald-offline")
        defer { home.remove() }
        // The first start makes the persistent session; then the daemon goes away.
        var daemon = try await DaemonFixture.start(DaemonOptions(["--broker", broker.url()]), home: home)
        try await daemon.waitForLog("Broker: connected")
        await daemon.stop(removingHome: false)

        let count = 1000
        let encoder = WireCoding.encoder()
        let lines = try (0..<count).map { index -> String in
            var content = ContentRecord()
            content.title = "Offline \(index)"
            let params = PostParams(bundleIdentifier: "cron", request: RequestRecord(identifier: "offline-\(index)", content: content))
            return String(decoding: try encoder.encode(params), as: UTF8.self)
        }
        let topic = "\(broker.prefix)/post/backup-server"
        try broker.publishLines(lines, topic: topic)
        // The same messages again, as a bridge between two brokers would deliver them.
        try broker.publishLines(Array(lines.prefix(100)), topic: topic)

        daemon = try await DaemonFixture.start(DaemonOptions(["--broker", broker.url()]), home: home)
        defer { daemon.stopInBackground(removingHome: false) }
        let items = try await Self.waitForHistory(home: home.path, count: count)
        let identifiers = items.compactMap { $0["identifier"] as? String }
        #expect(identifiers.count == count, "\(daemon.log.suffix(2000))")
        #expect(Set(identifiers) == Set((0..<count).map { "offline-\($0)" }))
        // Nothing more trickles in.
        try await Task.sleep(for: .seconds(0.5))
        #expect(try await Self.history(home: home.path).count == count)
    }

    @Test func brokerKilledAndRestartedMidStreamLosesNothingAcknowledged() async throws {
        let broker = try Self.broker()
        defer { broker.stop() }
        let home = try TemporaryDirectory("herald-restart")
        defer { home.remove() }
        let daemon = try await DaemonFixture.start(DaemonOptions(["--broker", broker.url()]), home: home)
        defer { daemon.stopInBackground(removingHome: false) }
        try await daemon.waitForLog("Broker: connected")
        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        var acknowledged: [String] = []
        for index in 0..<40 {
            if index == 20 {
                broker.kill(SIGKILL)
                try broker.start()
            }
            let identifier = "stream-\(index)"
            let result = try await runProgram(Self.herald, ["--home", away.path, "post", "--broker", broker.url(),
                                                            "--app", "stream", "--id", identifier,
                                                            "--title", "Stream \(index)"])
            if result.status == 0 { acknowledged.append(identifier) }
        }
        #expect(acknowledged.count >= 30)
        let items = try await Self.waitForHistory(home: home.path, count: acknowledged.count, timeout: 60)
        let identifiers = items.compactMap { $0["identifier"] as? String }
        #expect(Set(acknowledged).isSubset(of: Set(identifiers)), "\(daemon.log)")
        #expect(identifiers.count == Set(identifiers).count)
        let log = daemon.log
        #expect(log.contains("Broker: connection lost"))
        #expect(log.components(separatedBy: "Broker: connected").count - 1 >= 2)
    }

    @Test func twoDevicesShowAPostAndADismissalOnOneClearsTheOther() async throws {
        let broker = try Self.broker()
        defer { broker.stop() }
        let laptop = try await CenterSession(daemonArguments: ["--broker", broker.url()])
        defer { laptop.close() }
        let desktop = try await CenterSession(daemonArguments: ["--broker", broker.url()])
        defer { desktop.close() }
        try await laptop.daemon.waitForLog("Broker: connected")
        try await desktop.daemon.waitForLog("Broker: connected")
        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        let posted = try await runProgram(Self.herald, ["--home", away.path, "post", "--broker", broker.url(),
                                                        "--app", "backup", "--id", "nightly",
                                                        "--title", "Backup finished on nas"])
        #expect(posted.status == 0, "\(posted.stderr)")
        // Both show the banner, unread.
        let banner = "Enter open · x dismiss"
        for ui in [laptop.ui, desktop.ui] {
            try await ui.waitFor(banner)
            try await ui.waitFor("1 unread")
        }
        await laptop.ui.send("x")
        _ = try await laptop.ui.waitForAbsence(banner)
        // The desktop is told: its banner closes and the notification is read, out of the list.
        _ = try await desktop.ui.waitForAbsence(banner)
        try await desktop.ui.waitFor("0 unread")
        let record = try #require(try await Self.history(home: desktop.home.path).first)
        #expect(record["identifier"] as? String == "nightly")
        #expect(record["inList"] as? Bool == false)
        #expect(record["read"] as? Bool == true)
    }

    @Test func tlsWithATestCAWorksAndWrongCredentialsFailClearly() async throws {
        let files = try TemporaryDirectory("herald-tls")
        defer { files.remove() }
        let certificates = try TestCertificates(in: files.url)
        let tls = MosquittoBroker.TLS(caFile: certificates.caFile, certificateFile: certificates.serverCertificateFile,
                                      keyFile: certificates.serverKeyFile)
        let broker = try Self.broker(users: ["alice": "correct horse"], tls: tls)
        defer { broker.stop() }
        let passwordFile = files.url.appendingPathComponent("password").path
        try "correct horse\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let url = broker.url(user: "alice")
        let center = try await CenterSession(uiCount: 0, daemonArguments: ["--broker", url, "--broker-ca", certificates.caFile,
                                                                           "--broker-password-file", passwordFile])
        defer { center.close() }
        try await center.daemon.waitForLog("Broker: connected")
        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        func post(_ extra: [String], url: String = url, password: String? = nil) async throws -> ProgramResult {
            var environment = ["HERALD_NO_SPAWN": "1"]
            if let password { environment["HERALD_BROKER_PASSWORD"] = password }
            return try await runProgram(Self.herald, ["--home", away.path, "post", "--broker", url, "--app", "tls",
                                                      "--title", "Over TLS"] + extra, environment: environment)
        }
        let good = try await post(["--broker-ca", certificates.caFile], password: "correct horse")
        #expect(good.status == 0, "\(good.stderr)")
        let items = try await Self.waitForHistory(home: center.home.path, count: 1, timeout: 20)
        #expect(items.first?["title"] as? String == "Over TLS")

        let wrongPassword = try await post(["--broker-ca", certificates.caFile], password: "wrong")
        #expect(wrongPassword.status == 1)
        #expect(wrongPassword.stderr.split(separator: "\n").count == 1)
        #expect(wrongPassword.stderr.contains("refused user 'alice'"), "\(wrongPassword.stderr)")

        let wrongCA = try await post(["--broker-ca", certificates.otherCAFile], password: "correct horse")
        #expect(wrongCA.status == 1, "\(wrongCA.stderr)")
        #expect(wrongCA.stderr.split(separator: "\n").count == 1)
        #expect(wrongCA.stderr.contains("TLS with localhost"), "\(wrongCA.stderr)")

        // The certificate names localhost only: reaching the same broker as 127.0.0.1 fails the host check.
        let otherName = url.replacingOccurrences(of: "localhost", with: "127.0.0.1")
        let wrongHost = try await post(["--broker-ca", certificates.caFile], url: otherName, password: "correct horse")
        #expect(wrongHost.status == 1, "\(wrongHost.stderr)")
        #expect(wrongHost.stderr.contains("TLS with 127.0.0.1"), "\(wrongHost.stderr)")
    }
}
}
