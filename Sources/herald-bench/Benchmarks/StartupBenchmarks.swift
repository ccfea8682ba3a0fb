import DaemonHarness
import Foundation
import HeraldCore
import HeraldStore
import HeraldSystem
import HeraldWire

/// `--only startup`: the start-up figures alone, without the store and socket groups' other
/// measurements — `daemon_ready_ms` and `daemon_rss_mb` on a million rows of history with the
/// pending requests of a full center (1,000 apps × 64), `ui_first_frame_ms` and `ui_rss_mb` on
/// that history, and beside them the floors they cannot go under, measured in the same run:
/// `hello_ms` (`herald --version`: exec of the binary alone), `daemon_ready_empty_ms` (a daemon on
/// an empty home: exec, an empty database, the socket) and `ui_first_frame_empty_ms` (the UI on
/// a history of one notification). A full run measures the same figures in the socket group.
///
/// The history is written through the store once per home: with `--scratch DIR` a later run
/// reuses it.
enum StartupBenchmarks {
    static let metricKeys = ["daemon_ready_ms", "daemon_rss_mb", "daemon_ready_empty_ms", "hello_ms",
                             "ui_first_frame_empty_ms"] + UIFirstFrameBenchmarks.metricKeys

    /// The title of the newest notification of the filled history (what the UI's first frame shows).
    static let newestTitle = "Startup newest"

    static func run(_ options: BenchOptions, scratch: URL, report: Report) async throws {
        guard let herald = SocketBenchmarks.heraldPath(options) else {
            for key in metricKeys {
                report.add(Metric(key, label: key, value: nil, unit: "",
                                  missingReason: "n/a (herald not built: swift build -c release --product herald)"))
            }
            return
        }
        let rows = options.size(1_000_000)
        let directory = scratch.appendingPathComponent("startup")
        let home = HeraldHome(path: directory.appendingPathComponent("full").path)
        try fillHistory(home: home, rows: rows)
        let pending = try DaemonReadyBenchmarks.seedPending(home: home, apps: options.size(EngineConfiguration().appLimit),
                                                            reserved: [])
        let rounds = 5

        // The floors: the binary alone, a daemon on an empty home, the UI on one notification.
        var hello: [Double] = []
        for _ in 0..<max(5, options.size(20)) { hello.append(try versionMilliseconds(herald)) }
        report.add(Metric("hello_ms", label: "herald --version process", value: Measure.median(hello), unit: "ms"))
        let emptyHome = HeraldHome(path: directory.appendingPathComponent("empty-\(getpid())").path)
        try emptyHome.create()
        defer { try? FileManager.default.removeItem(at: emptyHome.url) }
        let emptySocket = directory.appendingPathComponent("e.sock").path
        let empty = try await DaemonReadyBenchmarks.startTimed(
            herald: herald, home: emptyHome, socketPath: emptySocket, log: directory.appendingPathComponent("empty.log"),
            rounds: rounds, pending: 0, rows: 0, key: "daemon_ready_empty_ms", goal: nil, report: report)
        try await empty.stopping(within: 10) {
            let floorTitle = "Startup floor"
            let poster = try await empty.connect(as: "herald-bench startup")
            _ = try await poster.call(Methods.post, PostParams(bundleIdentifier: "bench.startup",
                                                               request: RequestRecord(identifier: "floor",
                                                                                      content: ContentRecord(title: floorTitle))))
            poster.close()
            try UIFirstFrameBenchmarks.run(herald: herald, home: emptyHome, socketPath: emptySocket, newestTitle: floorTitle,
                                           rounds: rounds, key: "ui_first_frame_empty_ms", report: report)
        }

        // The full center.
        let socketPath = directory.appendingPathComponent("h.sock").path
        let daemon = try await DaemonReadyBenchmarks.startTimed(
            herald: herald, home: home, socketPath: socketPath, log: directory.appendingPathComponent("daemon.log"),
            rounds: rounds, pending: pending, rows: rows, report: report)
        try await daemon.stopping(within: 10) {
            try UIFirstFrameBenchmarks.run(herald: herald, home: home, socketPath: socketPath, newestTitle: newestTitle,
                                           rounds: rounds, report: report)
            report.add(Metric("daemon_rss_mb", label: "daemon memory", value: Double(daemon.residentBytes) / 1_048_576,
                              unit: "MiB", goal: 64, direction: .lower))
        }
    }

    /// Writes `rows` notifications (the store benchmark's, over 100 apps, dated in the last
    /// weeks so that the default retention keeps them) and then one titled `newestTitle` through
    /// the store, unless the home holds them already; every row is indexed for search.
    static func fillHistory(home: HeraldHome, rows: Int) throws {
        let store = try SQLiteStore(home: home, options: SQLiteStoreOptions(retention: .unlimited,
                                                                            applyRetentionOnOpen: false))
        let newest = try store.history(HistoryQuery(limit: 1)).first
        if newest?.content.title == newestTitle, try store.historyCount(HistoryQuery()) > rows { return }
        try store.deleteAllDelivered(bundleIdentifier: nil)
        let base = Date().addingTimeInterval(-Double(rows) - 3_600)
        var index = 0
        while index < rows {
            let end = min(index + 500, rows)
            try store.batch {
                for n in index..<end { _ = try store.insertDelivered(StoreBenchmark.record(n, apps: 100, base: base)) }
            }
            index = end
        }
        _ = try store.insertDelivered(DeliveredRecord(bundleIdentifier: "com.example.app0",
                                                      request: RequestRecord(identifier: "newest",
                                                                             content: ContentRecord(title: newestTitle)),
                                                      date: Date(), presentation: [.banner, .list]))
        try store.updateSearchIndex()
    }

    /// One `herald --version` from spawn to exit, in milliseconds.
    private static func versionMilliseconds(_ herald: String) throws -> Double {
        let start = Measure.now()
        let status = try ChildProcess(herald, ["--version"], environment: [:], streams: .null)
            .wait(timeout: 60, "herald --version")
        guard status == 0 else { throw BenchUsageError("herald --version failed (\(status))") }
        return Double(Measure.now() - start) / 1e6
    }
}
