import DaemonHarness
import Foundation
import HeraldCore
import HeraldStore

/// Requests due at one instant, the daemon stopped (SIGKILL or SIGTERM) a few
/// milliseconds after that instant. After the stop every request must be either still pending
/// or delivered exactly once; after a restart every one must be delivered exactly once.
///
/// Full size: `herald-bench stress scheduled` (600 requests, 6 delays × 2 signals × 3 rounds).
struct ScheduledStopStress {
    var requests = 600
    var rounds = 3
    var delaysMilliseconds = [1, 5, 10, 25, 50, 100]
    var signals: [Int32] = [SIGKILL, SIGTERM]

    /// At most this many pending requests per app (the engine keeps 64).
    static let requestsPerApp = 60

    struct Outcome {
        var runs = 0
        var requests = 0
        var deliveredBeforeStop = 0
        var pendingAfterStop = 0
        /// Neither pending nor delivered after a stop, or not delivered after the restart.
        var lost = 0
        /// Delivered twice, or both delivered and still pending.
        var duplicated = 0
    }

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        var outcome = Outcome()
        for round in 0..<rounds {
            for signal in signals {
                for delay in delaysMilliseconds {
                    let home = scratch.appendingPathComponent("scheduled-\(round)-\(signal)-\(delay)")
                    let run = try await runOnce(herald: herald, home: home, signal: signal, delay: delay)
                    log("round \(round + 1), signal \(signal), \(delay) ms after the due time: "
                        + "\(run.deliveredBeforeStop) delivered and \(run.pendingAfterStop) pending at the stop; "
                        + "lost \(run.lost), duplicated \(run.duplicated)")
                    outcome.runs += 1
                    outcome.requests += requests
                    outcome.deliveredBeforeStop += run.deliveredBeforeStop
                    outcome.pendingAfterStop += run.pendingAfterStop
                    outcome.lost += run.lost
                    outcome.duplicated += run.duplicated
                    if ProcessInfo.processInfo.environment["HERALD_STRESS_KEEP"] == nil { try? FileManager.default.removeItem(at: home) }
                }
            }
        }
        return outcome
    }

    private func identifier(_ n: Int) -> (bundle: String, identifier: String) {
        ("com.example.stress\(n / Self.requestsPerApp)", "due-\(n)")
    }

    private func runOnce(herald: String, home: URL, signal: Int32, delay: Int) async throws -> Outcome {
        let due = Date().addingTimeInterval(1.5)
        try seed(HeraldHome(path: home.path), due: due)
        let daemon = try LaunchedDaemon.forStress(herald: herald, home: home)
        try await daemon.waitUntilReady()
        let wait = due.addingTimeInterval(Double(delay) / 1000).timeIntervalSinceNow
        if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
        await daemon.stop(signal: signal, within: 60)

        var outcome = Outcome()
        let stopped = try inspect(HeraldHome(path: home.path))
        for n in 0..<requests {
            let key = identifier(n)
            let delivered = stopped.delivered["\(key.bundle) \(key.identifier)", default: 0]
            let pending = stopped.pending.contains("\(key.bundle) \(key.identifier)")
            if delivered == 0 && !pending { outcome.lost += 1 }
            if delivered > 1 || (delivered == 1 && pending) { outcome.duplicated += 1 }
            if delivered > 0 { outcome.deliveredBeforeStop += 1 }
            if pending { outcome.pendingAfterStop += 1 }
        }

        // Restart: whatever was still pending fires now.
        let again = try LaunchedDaemon.forStress(herald: herald, home: home)
        try await again.waitUntilReady()
        let reader = try SQLiteStore(home: HeraldHome(path: home.path),
                                     options: SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false))
        let deadline = Date().addingTimeInterval(60)
        while try !reader.loadPending().isEmpty, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        await again.stop(within: 60)
        let final = try inspect(HeraldHome(path: home.path))
        var lostAfterRestart = 0, duplicatedAfterRestart = 0
        for n in 0..<requests {
            let key = identifier(n)
            switch final.delivered["\(key.bundle) \(key.identifier)", default: 0] {
            case 0: lostAfterRestart += 1
            case 1: break
            default: duplicatedAfterRestart += 1
            }
        }
        outcome.lost = max(outcome.lost, lostAfterRestart)
        outcome.duplicated = max(outcome.duplicated, duplicatedAfterRestart + final.pending.count)
        return outcome
    }

    /// Authorized apps with `requests` one-shot requests, all due at `due`.
    private func seed(_ home: HeraldHome, due: Date) throws {
        let store = try SQLiteStore(home: home)
        for app in 0..<((requests + Self.requestsPerApp - 1) / Self.requestsPerApp) {
            var record = AppRecord(bundleIdentifier: "com.example.stress\(app)")
            record.authorizationStatus = .authorized
            record.authorizedOptions = [.alert, .sound, .badge]
            record.isCommandLineApp = true
            try store.saveApp(record)
        }
        try store.batch {
            for n in 0..<requests {
                let key = identifier(n)
                let request = RequestRecord(identifier: key.identifier,
                                            content: ContentRecord(title: "Due \(n)", body: "stress request \(n)"),
                                            trigger: .timeInterval(seconds: 60, repeats: false))
                try store.savePending(PendingRecord(bundleIdentifier: key.bundle, request: request,
                                                    scheduledAt: due.addingTimeInterval(-60), nextFireDate: due))
            }
        }
    }

    /// Pending keys and how many times each key is in history ("bundle identifier").
    private func inspect(_ home: HeraldHome) throws -> (pending: Set<String>, delivered: [String: Int]) {
        let store = try SQLiteStore(home: home, options: SQLiteStoreOptions(mode: .readOnly, applyRetentionOnOpen: false))
        let pending = Set(try store.loadPending().map { "\($0.bundleIdentifier) \($0.request.identifier)" })
        var delivered: [String: Int] = [:]
        for record in try store.history(HistoryQuery(limit: requests * 4)) {
            delivered["\(record.bundleIdentifier) \(record.request.identifier)", default: 0] += 1
        }
        return (pending, delivered)
    }
}
