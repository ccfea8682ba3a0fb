import DaemonHarness
import Foundation
import HeraldClient
import HeraldCore
import HeraldStore
import HeraldSystem
import HeraldWire

/// One app posts as fast as four connections allow. Past
/// its rate the daemon answers `rateLimited` with a sentence naming the limit; every post it
/// acknowledged is in history unless retention (10,000 per app, plus 1%) removed older ones as
/// rows arrived; and a `herald apps` run meanwhile is still answered.
///
/// Full size: `herald-bench stress flood` (50,000 posts, the daemon at `--rate-limit 1000`, so
/// both the limit and retention are reached).
struct FloodStress {
    var posts = 50_000
    var connections = 4
    var rateLimit = 1_000
    /// The store's per-app retention (`RetentionPolicy`), and its 1% slack.
    static let retention = RetentionPolicy().maxPerApp ?? 10_000

    struct Outcome {
        var posts = 0
        var accepted = 0
        var rateLimited = 0
        /// Refusals that were not `rateLimited` with a sentence naming the limit, or failures.
        var unclear = 0
        /// Notifications of the app in history afterwards.
        var kept = 0
        /// Acknowledged posts missing from history while under the retention limit.
        var lost = 0
        var commandRuns = 0
        var commandFailures = 0
        var slowestCommandMilliseconds = 0.0
        var seconds = 0.0
    }

    static let app = "com.example.stress.flood"

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        let home = scratch.appendingPathComponent("flood")
        let daemon = try LaunchedDaemon.forStress(herald: herald, home: home, arguments: ["--rate-limit", String(rateLimit)])
        return try await daemon.stopping(within: 60) {
            try await daemon.waitUntilReady()
            var outcome = Outcome()
            var clients: [IPCClient] = []
            for n in 0..<connections {
                clients.append(try await IPCClient.connect(socketPath: daemon.socketPath,
                                                           hello: ClientHello(role: .cli, client: "stress flood \(n)")))
            }
            defer { clients.forEach { $0.close() } }

            // `herald apps`, a whole process, again and again while the flood runs.
            let socketPath = daemon.socketPath
            let commands = Task.detached { () -> (runs: Int, failures: Int, slowest: Double) in
                var runs = 0, failures = 0, slowest = 0.0
                while !Task.isCancelled {
                    let start = Date()
                    let status = (try? ChildProcess(herald, ["--home", home.path, "apps"],
                                                    environment: ["HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1"],
                                                    streams: .null).wait()) ?? -1
                    slowest = max(slowest, Date().timeIntervalSince(start) * 1000)
                    runs += 1
                    if status != 0 { failures += 1 }
                    try? await Task.sleep(nanoseconds: 100_000_000)
                }
                return (runs, failures, slowest)
            }

            let start = Date()
            let perConnection = (posts + connections - 1) / connections
            let results = try await withThrowingTaskGroup(of: Outcome.self) { group in
                for (c, client) in clients.enumerated() {
                    group.addTask {
                        var part = Outcome()
                        for n in (c * perConnection)..<min(posts, (c + 1) * perConnection) {
                            let params = PostParams(bundleIdentifier: Self.app,
                                                    request: RequestRecord(identifier: "f\(n)",
                                                                           content: ContentRecord(title: "CI \(n)", body: "build \(n) failed")))
                            part.posts += 1
                            do {
                                _ = try await client.call(Methods.post, params)
                                part.accepted += 1
                            } catch let error as WireError where error.reason == IPCProtocolReason.rateLimited.rawValue
                                        && error.message.contains("limit") {
                                part.rateLimited += 1
                            } catch {
                                part.unclear += 1
                            }
                        }
                        return part
                    }
                }
                var total = Outcome()
                for try await part in group {
                    total.posts += part.posts
                    total.accepted += part.accepted
                    total.rateLimited += part.rateLimited
                    total.unclear += part.unclear
                }
                return total
            }
            outcome.posts = results.posts
            outcome.accepted = results.accepted
            outcome.rateLimited = results.rateLimited
            outcome.unclear = results.unclear
            outcome.seconds = Date().timeIntervalSince(start)
            commands.cancel()
            let runs = await commands.value
            (outcome.commandRuns, outcome.commandFailures, outcome.slowestCommandMilliseconds) = (runs.runs, runs.failures, runs.slowest)

            let reader = try SQLiteStore(home: HeraldHome(path: home.path),
                                         options: SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false))
            outcome.kept = try reader.historyCount(HistoryQuery(bundleIdentifier: Self.app, limit: 1))
            // Under the retention limit nothing acknowledged may be missing; over it, retention keeps
            // between the limit and the limit plus 1%.
            if outcome.accepted <= Self.retention {
                outcome.lost = outcome.accepted - outcome.kept
            } else if outcome.kept < Self.retention {
                outcome.lost = Self.retention - outcome.kept
            }
            log("\(outcome.posts) posts in \(String(format: "%.1f", outcome.seconds)) s: \(outcome.accepted) accepted, "
                + "\(outcome.rateLimited) refused as rateLimited, \(outcome.unclear) other failures; \(outcome.kept) in history")
            return outcome
        }
    }
}
