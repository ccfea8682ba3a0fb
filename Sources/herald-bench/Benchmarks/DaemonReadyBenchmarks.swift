import Foundation
import DaemonHarness
import HeraldCore
import HeraldStore

/// `daemon_ready_ms`: a `herald daemon` from exec until it has answered a client's hello, on
/// the store benchmark's history (a million notifications in a full run) with the pending
/// requests a full center holds: 1,000 apps (the app limit) × 64 (the per-app pending limit).
/// The median of a few starts; the daemon of the last start stays up for the socket figures.
enum DaemonReadyBenchmarks {
    /// The pending requests each app holds: the engine's per-app limit.
    static let pendingPerApp = EngineConfiguration().pendingLimit

    /// Fills `home` with `apps` command-line apps (the first ones named `reserved`: the apps the
    /// socket figures post as, so they fit in the app limit) holding `pendingPerApp` time-interval
    /// requests each, due in a day. Writes nothing when the home already holds them (a `--scratch`
    /// directory used again). Returns how many requests are pending.
    static func seedPending(home: HeraldHome, apps: Int, reserved: [String]) throws -> Int {
        let store = try SQLiteStore(home: home, options: SQLiteStoreOptions(retention: .unlimited,
                                                                            applyRetentionOnOpen: false))
        let wanted = apps * pendingPerApp
        let existing = try store.loadPending().count
        guard existing < wanted else { return existing }
        let now = Date()
        let names = (reserved + (0..<apps).map { "com.example.pending\($0)" }).prefix(apps)
        for name in names {
            var app = AppRecord(bundleIdentifier: name)
            app.isCommandLineApp = true
            app.authorizeAsTrusted()
            try store.saveApp(app)
        }
        try store.batch {
            for name in names {
                for n in 0..<pendingPerApp {
                    let request = RequestRecord(identifier: "pending\(n)",
                                                content: ContentRecord(title: "Reminder \(n)", body: "due tomorrow"),
                                                trigger: .timeInterval(seconds: 86_400 + Double(n), repeats: false))
                    try store.savePending(PendingRecord(bundleIdentifier: name, request: request, scheduledAt: now,
                                                        nextFireDate: now.addingTimeInterval(86_400 + Double(n))))
                }
            }
        }
        return wanted
    }

    /// Starts the daemon `rounds` times, each timed from exec to the answer of its hello
    /// (attempts 1 ms apart, `LaunchedDaemon.waitUntilReady`); stops all but the last, which it
    /// returns. The median is reported as `key` (`daemon_ready_ms`; a floor beside it has no goal).
    static func startTimed(herald: String, home: HeraldHome, socketPath: String, log: URL, rounds: Int,
                           pending: Int, rows: Int, key: String = "daemon_ready_ms", goal: Double? = 100,
                           report: Report) async throws -> LaunchedDaemon {
        var times: [Double] = []
        var daemon: LaunchedDaemon?
        for round in 0..<rounds {
            try? FileManager.default.removeItem(atPath: socketPath)
            let start = Measure.now()
            let started = try LaunchedDaemon.forBenchmark(herald: herald, home: home, socketPath: socketPath, log: log)
            try await started.waitUntilReady(within: 60, polling: 0.001)
            times.append(Double(Measure.now() - start) / 1e6)
            if round < rounds - 1 { await started.stop(within: 10) } else { daemon = started }
        }
        let median = Measure.median(times)
        report.add(Metric(key, label: "daemon exec → hello answered" + (rows == 0 ? ", empty home" : ""), value: median,
                          unit: "ms", goal: goal, direction: .lower))
        report.note(String(format: "%@: %d rows of history, %d pending; %d starts: %@ ms", key, rows, pending,
                           rounds, times.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
        return daemon!
    }
}
