import DaemonHarness
import Foundation
import HeraldCore
import HeraldStore
import HeraldWire
import MosquittoHarness

/// Posts waiting at a real mosquitto for the daemon's persistent session; the real
/// `herald daemon --broker` takes them and is killed (SIGKILL) at random moments while it does,
/// then started again, until every post is in. Each post must be taken once: none lost, none
/// delivered twice. A post taken twice replaces its first delivery, so it shows as a delivery id
/// past the number of posts (ids are given out in order and never reused).
///
/// Full size: `herald-bench stress broker-kills` (20,000 posts, 8 kills).
struct BrokerKillStress {
    var posts = 20_000
    var kills = 8
    /// Posts are spread over this many apps (each keeps 10,000 in history).
    static let apps = 100

    struct Outcome {
        var posts = 0
        var kills = 0
        /// Distinct posts in history at the end.
        var kept = 0
        /// Deliveries made (the highest delivery id).
        var deliveries: Int64 = 0
        var lost: Int { posts - kept }
        var duplicated: Int { Int(deliveries) - kept }
    }

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        if let reason = MosquittoBroker.unavailableReason { throw StressFailure(reason) }
        let broker = try MosquittoBroker()
        defer { broker.stop() }
        let home = scratch.appendingPathComponent("broker-kills")
        let arguments = ["--broker", broker.url()]

        // The first start makes the persistent session; the posts then wait at the broker.
        let first = try LaunchedDaemon.forStress(herald: herald, home: home, arguments: arguments)
        try await first.waitForLog("Broker: connected", within: 60)
        await first.stop(within: 60)
        let encoder = WireCoding.encoder()
        let lines = try (0..<posts).map { n -> String in
            let params = PostParams(bundleIdentifier: "com.example.broker\(n % Self.apps)",
                                    request: RequestRecord(identifier: "post-\(n)", content: ContentRecord(title: "Post \(n)")))
            return String(decoding: try encoder.encode(params), as: UTF8.self)
        }
        try broker.publishLines(lines, topic: "\(broker.prefix)/post/stress")
        log("broker-kills: \(posts) posts published while the daemon was down")

        var random = SystemRandomNumberGenerator()
        var outcome = Outcome(posts: posts)
        for kill in 1...kills {
            let daemon = try LaunchedDaemon.forStress(herald: herald, home: home, arguments: arguments)
            try await daemon.waitForLog("Broker: connected", count: kill + 1, within: 60)
            try await Task.sleep(nanoseconds: UInt64.random(in: 50_000_000...800_000_000, using: &random))
            await daemon.stop(signal: SIGKILL)
            outcome.kills += 1
            log("kill \(kill): \(try count(home).kept) of \(posts) taken so far")
        }
        let last = try LaunchedDaemon.forStress(herald: herald, home: home, arguments: arguments)
        let deadline = Date().addingTimeInterval(Double(posts) / 20 + 120)
        var seen = try count(home)
        while seen.kept < posts && Date() < deadline {
            try await Task.sleep(nanoseconds: 500_000_000)
            seen = try count(home)
        }
        // What is redelivered after the last post arrives comes right after it.
        try await Task.sleep(nanoseconds: 2_000_000_000)
        await last.stop(within: 60)
        seen = try count(home)
        outcome.kept = seen.kept
        outcome.deliveries = seen.deliveries
        if ProcessInfo.processInfo.environment["HERALD_STRESS_KEEP"] == nil { try? FileManager.default.removeItem(at: home) }
        return outcome
    }

    /// Distinct posts in history, and the highest delivery id.
    private func count(_ home: URL) throws -> (kept: Int, deliveries: Int64) {
        let heraldHome = HeraldHome(path: home.path)
        guard try heraldHome.databaseExists() else { return (0, 0) }
        let store = try SQLiteStore(home: heraldHome, options: SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false))
        let records = try store.history(HistoryQuery(limit: posts * 2))
        return (Set(records.map(\.identifier)).count, records.map(\.deliveryID).max() ?? 0)
    }
}
