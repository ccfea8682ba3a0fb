import DaemonHarness
import Foundation
import HeraldStore
import HeraldSystem

/// What an idle Herald costs while nobody uses it: `ui_idle_wakeups` and `daemon_idle_wakeups`,
/// the times each process woke in 5 s — the UI (`herald` in a private tmux server, attached to
/// the daemon, a quiet screen) and the daemon (`herald daemon`, no client but the UI). A
/// wake-up is a voluntary context switch (a sleep that ended), summed over every thread in
/// `/proc/PID/task/*/status`. Both processes count libdispatch's pool monitor, a timer once a
/// second, as any Swift program using Dispatch on Linux does.
enum IdleBenchmarks {
    static let metricKeys = ["ui_idle_wakeups", "daemon_idle_wakeups"]
    /// The span the wake-ups are counted over.
    static let seconds: UInt32 = 5

    static func run(_ options: BenchOptions, scratch: URL, report: Report) async throws {
        guard let herald = SocketBenchmarks.heraldPath(options) else {
            return reportMissing("n/a (herald not built: swift build -c release --product herald)", report: report)
        }
        guard (try? ProcessRunner.run("/usr/bin/env", ["tmux", "-V"]).status) == 0 else {
            return reportMissing("n/a (tmux not installed: apt-get install tmux)", report: report)
        }
        let home = HeraldHome(path: scratch.appendingPathComponent("idle").path)
        try home.create()
        let socketPath = scratch.appendingPathComponent("idle.sock").path
        let daemon = try LaunchedDaemon.forBenchmark(herald: herald, home: home, socketPath: socketPath,
                                                     log: scratch.appendingPathComponent("idle-daemon.log"))
        try await daemon.stopping(within: 10) {
            try await daemon.waitUntilReady()
            try measure(herald: herald, home: home, daemon: daemon, report: report)
        }
    }

    /// The UI in tmux against `daemon`, and both processes' wake-ups.
    private static func measure(herald: String, home: HeraldHome, daemon: LaunchedDaemon, report: Report) throws {
        let socketPath = daemon.socketPath
        let tmux = ["tmux", "-L", "herald-bench-idle-\(getpid())"]
        let command = "exec env TERM=xterm-256color LANG=C.UTF-8 HERALD_NO_SPAWN=1 HERALD_SOCKET='\(socketPath)' "
            + "'\(herald)' --home '\(home.url.path)'"
        guard try ProcessRunner.runDetached("/usr/bin/env", tmux + ["new-session", "-d", "-s", "idle", "-x", "100", "-y",
                                                                    "30", command]) == 0 else {
            throw BenchUsageError("tmux new-session failed")
        }
        defer { _ = try? ProcessRunner.run("/usr/bin/env", tmux + ["kill-server"]) }
        try waitUntil("the UI's first screen") {
            (try? ProcessRunner.run("/usr/bin/env", tmux + ["capture-pane", "-p", "-t", "idle"]).output)?.contains("Herald") == true
        }
        let panePID = try ProcessRunner.run("/usr/bin/env", tmux + ["display-message", "-p", "-t", "idle", "#{pane_pid}"])
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let ui = Int32(panePID) else { throw BenchUsageError("no pane process (\(panePID))") }
        sleep(2)   // start-up's loads and first frames are over
        let before = (ui: wakeUps(ui), daemon: wakeUps(daemon.pid))
        sleep(seconds)
        let after = (ui: wakeUps(ui), daemon: wakeUps(daemon.pid))
        report.add(metric("ui_idle_wakeups", "idle herald UI: wake-ups in \(seconds) s", before.ui, after.ui))
        report.add(metric("daemon_idle_wakeups", "idle herald daemon: wake-ups in \(seconds) s", before.daemon, after.daemon))
    }

    /// The wake-ups between two counts: of every thread at the end, those since the start (all
    /// of them for a thread started since); a thread that ended meanwhile takes its own along.
    static func metric(_ key: String, _ label: String, _ before: [String: Int]?, _ after: [String: Int]?) -> Metric {
        guard let before, let after else {
            return Metric(key, label: label, value: nil, unit: "", missingReason: "n/a (/proc unreadable)")
        }
        let total = after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
        return Metric(key, label: label, value: Double(total), unit: "", direction: .lower)
    }

    static func reportMissing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    /// The voluntary context switches of each thread of `pid` so far, by thread id.
    static func wakeUps(_ pid: Int32) -> [String: Int]? {
        let tasks = "/proc/\(pid)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return nil }
        var counts: [String: Int] = [:]
        for thread in threads {
            let status = (try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            counts[thread] = line?.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return counts
    }

    static func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        for _ in 0..<600 {
            if condition() { return }
            usleep(50_000)
        }
        throw BenchUsageError("timed out waiting for \(what)")
    }
}
