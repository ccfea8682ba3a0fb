import Foundation
import HeraldCore
import HeraldWire
import Testing
import TestSupport

extension EndToEnd {
/// `herald daemon --rate-limit N` holds at every door of the real daemon, not only the socket:
/// D-Bus `Notify` past it gets `org.freedesktop.DBus.Error.LimitsExceeded` (real dbus-daemon,
/// real `notify-send`), posts from a real mosquitto are held back to the rate and all arrive, and
/// the daemon keeps serving throughout. Skipped, with the reason printed, when the tools are missing.
@Suite struct PostRateLimitDoorsTests {
    /// Floods with `notify-send` until the daemon refuses one (at most 60 tries: at 1 a second
    /// in bursts of 10, a refusal comes as soon as 60 calls take less than 50 s).
    @Test(.requiring("dbus-daemon", "notify-send")) func dbusNotifyPastTheRateIsRefusedAndTheDaemonKeepsServing() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let center = try await CenterSession(uiCount: 0, daemonArguments: ["--rate-limit", "1"], bus: bus)
        defer { center.close() }
        try bus.waitForNotificationServer(named: "Herald")
        let notifySend = try #require(Programs.which("notify-send"))
        func notify(_ app: String, _ title: String) async throws -> ProgramResult {
            try await runProgram(notifySend, ["-a", app, title], environment: bus.environment)
        }

        var accepted = 0
        var refusal: String?
        for n in 1...60 {
            let run = try await notify("flood", "Flood \(n)")
            guard run.status == 0 else {
                refusal = run.stderr
                break
            }
            accepted += 1
        }
        let refused = try #require(refusal, "60 notify-sends in a row were all accepted at --rate-limit 1")
        #expect(refused.contains("org.freedesktop.DBus.Error.LimitsExceeded"), "\(refused)")
        #expect(refused.contains("desktop.flood is posting faster than its limit of 1 a second (bursts of 10)"), "\(refused)")
        #expect(accepted >= 10)

        // Other apps, through either door, are served; history holds exactly what was accepted.
        #expect(try await notify("calm", "Still served").status == 0)
        let post = try await center.run(["post", "--new-app", "com.example.other", "--title", "Socket too"])
        #expect(post.status == 0, "\(post.stderr)")
        let history = try await center.run(["history", "--json", "--limit", "200"])
        let rows = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        let titles = rows.compactMap { $0["title"] as? String }
        #expect(titles.filter { $0.hasPrefix("Flood ") }.count == accepted, "\(titles)")
        #expect(titles.contains("Still served") && titles.contains("Socket too"), "\(titles)")
    }

    /// 20 posts of one app published at once: 10 taken at once (the burst), the rest held back to
    /// 1 a second while mosquitto keeps them — every one arrives, once, and the log says so.
    @Test(.skipped(because: MosquittoBroker.unavailableReason)) func brokerPostsPastTheRateAreHeldBackAndAllArrive() async throws {
        let broker = try BrokerTests.broker()
        defer { broker.stop() }
        let center = try await CenterSession(uiCount: 0, daemonArguments: ["--rate-limit", "1", "--broker", broker.url()])
        defer { center.close() }
        try await center.daemon.waitForLog("Broker: connected")
        let count = 20
        let lines = try (0..<count).map { n -> String in
            let params = PostParams(bundleIdentifier: "cron",
                                    request: RequestRecord(identifier: "held-\(n)", content: ContentRecord(title: "Held \(n)")))
            return String(decoding: try WireCoding.encoder().encode(params), as: UTF8.self)
        }
        try broker.publishLines(lines, topic: "\(broker.prefix)/post/backup-server")
        let items = try await BrokerTests.waitForHistory(home: center.home.path, count: count, timeout: 90)
        let identifiers = items.compactMap { $0["identifier"] as? String }
        #expect(Set(identifiers) == Set((0..<count).map { "held-\($0)" }), "\(center.daemonLog.suffix(2000))")
        #expect(identifiers.count == count)
        let log = center.daemonLog
        // (Once per stretch of holding back: a post that took over a second on a loaded machine
        // would end one, so not "exactly once" here; `BrokerRateLimitTests` counts exactly.)
        #expect(log.contains("Broker: cron is posting faster than its limit of 1 a second (bursts of 10)"), "\(log)")
        #expect(!log.contains("rejected"), "\(log)")
        // The daemon answered the socket meanwhile.
        #expect(try await center.run(["post", "--new-app", "com.example.other", "--title", "Socket too"]).status == 0)
    }
}
}
