import DaemonHarness
import Foundation
import HeraldClient
import HeraldCore
import HeraldStore
import HeraldSystem
import HeraldWire
import Synchronization

/// The daemon over its socket: `post_p50_us` / `post_p99_us` (round trips of one client),
/// `post_per_s` (8 concurrent clients, every post acknowledged after its durable commit),
/// `daemon_cpu_us_per_post` / `daemon_cpu_us_per_post_8` (the daemon's own CPU time per post in
/// those two runs, from `/proc/PID/stat`),
/// `commit_group_mean` / `commit_group_max` (how many of those posts shared a commit),
/// `post_replace_p50_us` / `daemon_cpu_us_per_replace` (the one client replacing its posts by identifier),
/// the `herald` processes' start-up (`CLIStartupBenchmarks`) and `daemon_rss_mb` (the daemon's resident
/// memory with the store benchmark's history, a million notifications in a full run, and the
/// pending requests of a full center, `DaemonReadyBenchmarks`).
enum SocketBenchmarks {
    static func params(_ app: String, _ n: Int) -> PostParams {
        PostParams(bundleIdentifier: app,
                   request: RequestRecord(identifier: "b\(n)",
                                          content: ContentRecord(title: "Bench \(n % 100)", body: "socket benchmark post \(n)")))
    }

    /// The `herald` executable: `--herald PATH`, else next to this one.
    static func heraldPath(_ options: BenchOptions) -> String? {
        if let path = options.heraldPath { return path }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let sibling = me.deletingLastPathComponent().appendingPathComponent("herald").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }

    /// The figures that need the `herald` binary (and the floor beside them).
    static let metricKeys = ["post_p50_us", "post_p99_us", "null_post_p50_us", "null_post_p99_us", "null_post_per_s",
                             "daemon_cpu_us_per_post", "post_per_s", "daemon_cpu_us_per_post_8",
                             "commit_group_mean", "commit_group_max", "post_replace_p50_us", "daemon_cpu_us_per_replace",
                             "post_pipelined_per_s", "commit_group_pipelined_mean", "daemon_rss_mb",
                             "daemon_ready_ms"] + CLIStartupBenchmarks.metricKeys + UIFirstFrameBenchmarks.metricKeys

    static func reportMissing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    /// `history`: a filled database to serve (the store benchmark's), or `nil` for an empty one.
    /// `postsOnly` (`--only post`): the post and command-line figures and their floors alone, on
    /// an empty center started once (no pending requests seeded, no start or UI figures).
    static func run(_ options: BenchOptions, scratch: URL, history: (home: HeraldHome, rows: Int)?,
                    postsOnly: Bool = false, report: Report) async throws {
        guard let herald = heraldPath(options) else {
            reportMissing("n/a (herald not built: swift build -c release --product herald)", report: report)
            return
        }
        let home = history?.home ?? HeraldHome(path: scratch.appendingPathComponent("daemon").path)
        try home.create()
        let socketPath = scratch.appendingPathComponent("h.sock").path
        let clients = 8
        let daemon: LaunchedDaemon
        if postsOnly {
            daemon = try LaunchedDaemon.forBenchmark(herald: herald, home: home, socketPath: socketPath,
                                                     log: scratch.appendingPathComponent("daemon.log"))
            try await daemon.waitUntilReady()
        } else {
            let reserved = ["bench.warmup", "bench.single", "bench.cli"] + (0..<clients).flatMap { ["bench.c\($0)", "bench.p\($0)"] }
            let pending = try DaemonReadyBenchmarks.seedPending(home: home, apps: options.size(EngineConfiguration().appLimit),
                                                                reserved: reserved)
            daemon = try await DaemonReadyBenchmarks.startTimed(
                herald: herald, home: home, socketPath: socketPath, log: scratch.appendingPathComponent("daemon.log"),
                rounds: 5, pending: pending, rows: history?.rows ?? 0, report: report)
        }
        try await daemon.stopping(within: 10) {
            try await measure(options, herald: herald, daemon: daemon, home: home, scratch: scratch, clients: clients,
                              history: history, postsOnly: postsOnly, report: report)
        }
    }

    /// The figures against the running `daemon`.
    private static func measure(_ options: BenchOptions, herald: String, daemon: LaunchedDaemon, home: HeraldHome,
                                scratch: URL, clients: Int, history: (home: HeraldHome, rows: Int)?, postsOnly: Bool,
                                report: Report) async throws {
        let socketPath = daemon.socketPath
        let count = options.size(10_000)
        let perClient = max(1, options.size(40_000) / clients)

        // The floor: the same clients against a server that answers at once (`NullSocketServer`).
        try await SocketFloor.run(scratch: scratch, count: count, clients: clients, perClient: perClient, report: report)

        // One client, one post at a time.
        let client = try await daemon.connect(as: "herald-bench")
        defer { client.close() }
        _ = try await SocketFloor.roundTrips(client, app: "bench.warmup", count: 200)
        let singleCPU = daemon.cpuSeconds
        let roundTrips = try await SocketFloor.roundTrips(client, app: "bench.single", count: count)
        let p50 = Measure.percentile(roundTrips, 0.5)
        let p99 = Measure.percentile(roundTrips, 0.99)
        report.add(Metric("post_p50_us", label: "post round trip p50", value: p50, unit: "µs", goal: 100, direction: .lower))
        report.add(Metric("post_p99_us", label: "post round trip p99", value: p99, unit: "µs", goal: 500,
                          direction: .lower))
        report.add(daemon.cpuMetric("daemon_cpu_us_per_post", label: "daemon CPU per post, one client",
                                    since: singleCPU, posts: count))

        // Eight clients at once, each waiting for its acknowledgement before the next post.
        var connections: [IPCClient] = []
        for i in 0..<clients { connections.append(try await daemon.connect(as: "herald-bench \(i)")) }
        _ = try await daemon.takeCommitGroups()   // counts afresh from here
        let concurrentCPU = daemon.cpuSeconds
        let concurrentSeconds = try await SocketFloor.concurrentPosts(connections, app: "bench.c", perClient: perClient)
        report.add(Metric("post_per_s", label: "posts, 8 clients", value: Double(clients * perClient) / concurrentSeconds,
                          unit: "/s", goal: 25_000))
        report.add(daemon.cpuMetric("daemon_cpu_us_per_post_8", label: "daemon CPU per post, 8 clients",
                                    since: concurrentCPU, posts: clients * perClient))
        let groups = try await daemon.takeCommitGroups()
        report.add(Metric("commit_group_mean", label: "posts per commit, 8 clients", value: groups.mean, unit: ""))
        report.add(Metric("commit_group_max", label: "largest commit, 8 clients", value: Double(groups.largest), unit: ""))

        // The same eight clients, each keeping `window` posts in flight on its one connection (the
        // protocol's request ids allow it): what the daemon does when posts are not spaced out by
        // the clients' round trips. Every post is still acknowledged only after its commit.
        let window = 16
        let executor = try IPCClient.executor()
        let pipelinedSeconds = try await Measure.seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (i, connection) in connections.enumerated() {
                    for lane in 0..<window {
                        group.addTask(executorPreference: executor) {
                            for n in stride(from: lane, to: perClient, by: window) {
                                _ = try await connection.call(Methods.post, params("bench.p\(i)", n))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        for connection in connections { connection.close() }
        let pipelined = Double(clients * perClient) / pipelinedSeconds
        report.add(Metric("post_pipelined_per_s", label: "posts, 8 clients × \(window) in flight", value: pipelined,
                          unit: "/s"))
        let pipelinedGroups = try await daemon.takeCommitGroups()
        report.add(Metric("commit_group_pipelined_mean", label: "posts per commit, \(window) in flight",
                          value: pipelinedGroups.mean, unit: ""))
        report.add(Comparison(label: "posts/s, \(window) in flight ÷ one in flight (8 clients)",
                              measured: String(format: "%.0f /s", pipelined),
                              baseline: String(format: "%.0f /s", Double(clients * perClient) / concurrentSeconds),
                              ratio: pipelined / (Double(clients * perClient) / concurrentSeconds), goal: 1,
                              direction: .higher))

        // Whole `herald` processes against the running daemon.
        let cliPosts = try CLIStartupBenchmarks.run(options, herald: herald, home: home, socketPath: socketPath,
                                                    report: report)

        // The UI on that history: its first full frame and its memory.
        if postsOnly {
            try await measureReplacing(client, daemon: daemon, count: count, report: report)
            report.note("socket (posts only): \(count) single-client posts, \(clients) × \(perClient) concurrent posts, "
                        + "\(cliPosts) herald post processes, \(count) replacing posts, on an empty center")
            return
        }
        do {
            try UIFirstFrameBenchmarks.run(herald: herald, home: home, socketPath: socketPath,
                                           newestTitle: "CLI \(cliPosts - 1)", rounds: 5, report: report)
        } catch {
            UIFirstFrameBenchmarks.reportMissing("n/a (\(error))", report: report)
        }

        let total = (history?.rows ?? 0) + 200 + count + 2 * clients * perClient + cliPosts
        report.add(Metric("daemon_rss_mb", label: "daemon memory", value: Double(daemon.residentBytes) / 1_048_576,
                          unit: "MiB", goal: 64, direction: .lower))
        try await measureReplacing(client, daemon: daemon, count: count, report: report)
        report.note("socket: \(count) single-client posts, \(clients) × \(perClient) concurrent posts, "
                    + "\(cliPosts) herald post processes, \(count) replacing posts; daemon history ≈ \(total) notifications")
    }

    /// The one client posting again each identifier it posted: every post replaces the
    /// notification listed under its identifier (an app updating one in place: progress, a chat's
    /// latest message), in an app holding `count` rows (the retention cap by default). Measured
    /// last: the replaced rows leave work for the search indexer that would blur later figures.
    private static func measureReplacing(_ client: IPCClient, daemon: LaunchedDaemon, count: Int,
                                         report: Report) async throws {
        let cpu = daemon.cpuSeconds
        let replacing = try await SocketFloor.roundTrips(client, app: "bench.single", count: count)
        report.add(Metric("post_replace_p50_us", label: "post replacing by identifier, p50",
                          value: Measure.percentile(replacing, 0.5), unit: "µs"))
        report.add(daemon.cpuMetric("daemon_cpu_us_per_replace", label: "daemon CPU per replacing post",
                                    since: cpu, posts: count))
    }
}
