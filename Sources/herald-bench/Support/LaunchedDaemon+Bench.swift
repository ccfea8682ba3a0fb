import DaemonHarness
import Foundation
import HeraldClient
import HeraldCore
import HeraldStore
import HeraldWire

/// herald-bench's daemons: `LaunchedDaemon` (the one launcher, shared with the tests) with the
/// figures the benchmarks and stress scenarios read from `/proc` and the daemon itself.
extension LaunchedDaemon {
    /// `herald --home HOME daemon --rate-limit 0 ARGUMENTS` on `socketPath`, showing nothing in
    /// tmux, its output in `log` (emptied first), not yet waited for. The per-app rate limit is
    /// off: the benchmarks measure how fast the center can go. `environment` is added (a bus).
    static func forBenchmark(herald: String, home: HeraldHome, socketPath: String, log: URL, arguments: [String] = [],
                             environment: [String: String] = [:]) throws -> LaunchedDaemon {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        return try LaunchedDaemon(herald: herald, home: home.url.path, arguments: ["--rate-limit", "0"] + arguments,
                                  socketPath: socketPath, environment: environment.merging(["HERALD_TMUX": "off"]) { $1 },
                                  logPath: log.path)
    }

    /// Resident memory of the daemon in bytes.
    var residentBytes: Int { Measure.residentBytes(pid: pid) }

    /// The daemon's CPU time so far (user + system), in seconds.
    var cpuSeconds: Double? { Measure.cpuSeconds(pid: pid) }

    /// The daemon's CPU time per post since `start` (the clients' own time is not in it).
    func cpuMetric(_ key: String, label: String, since start: Double?, posts: Int) -> Metric {
        guard let start, let end = cpuSeconds else {
            return Metric(key, label: label, value: nil, unit: "µs", missingReason: "n/a (/proc/PID/stat unreadable)")
        }
        return Metric(key, label: label, value: (end - start) * 1e6 / Double(posts), unit: "µs")
    }

    /// The commit groups made since the last call (the daemon's `commitStatistics`, asked on
    /// a connection of its own): writes per commit, and the largest group.
    func takeCommitGroups() async throws -> CommitGroupStatistics {
        let client = try await connect(as: "herald-bench statistics")
        defer { client.close() }
        return try await client.call(Methods.commitStatistics, Empty())
    }

    /// The daemon's footprint in `/proc` now.
    var footprint: ProcessFootprint { ProcessFootprint(pid: pid) }

    /// Starts sampling the daemon's resident memory (every 20 ms); `finish()` gives the highest
    /// seen, now included.
    func samplePeak() -> PeakSampler { PeakSampler(pid: pid) }

    /// `herald --home HOME daemon ARGUMENTS` for a stress scenario: HOME made when missing, its
    /// socket HOME/herald.sock, its log HOME/daemon.log, spawning nothing; `descriptorLimit` is
    /// its `ulimit -n`. Not yet waited for.
    static func forStress(herald: String, home: URL, arguments: [String] = [], descriptorLimit: Int? = nil) throws -> LaunchedDaemon {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try LaunchedDaemon(herald: herald, home: home.path, arguments: arguments,
                                  socketPath: home.appendingPathComponent("herald.sock").path,
                                  environment: ["HERALD_NO_SPAWN": "1"], descriptorLimit: descriptorLimit)
    }
}
