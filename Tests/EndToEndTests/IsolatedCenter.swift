import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A center as a user has it, for tests of how daemons come and go: a state directory and a
/// configuration file of its own, and `herald` commands that start a daemon when none answers
/// (no `HERALD_NO_SPAWN`), as in everyday use. `close()` stops whatever daemon holds the center.
///
/// ```swift
/// let center = try IsolatedCenter(configuration: "[daemon]\ndbus = no\n")
/// defer { center.close() }
/// _ = try await center.run(["post", "--title", "Hi"])      // starts `herald daemon --on-demand`
/// center.lockHolder()                                 // (pid, "herald daemon --on-demand")
/// ```
final class IsolatedCenter: @unchecked Sendable {
    let root: TemporaryDirectory
    let herald = BuiltProducts.path("herald")

    init(configuration: String = "[daemon]\ndbus = no\n") throws {
        root = try TemporaryDirectory("herald-isolated")
        try configuration.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    var home: String { root.path + "/home" }
    var configPath: String { root.path + "/config" }
    var socketPath: String { home + "/herald.sock" }

    /// The environment of every process of this center (the caller's session bus left out: a
    /// daemon here never takes the desktop's notification name; nor does it reach any tmux or
    /// play through the desktop's sound server).
    var environment: [String: String] {
        ["HERALD_HOME": home, "HERALD_CONFIG": configPath, "HERALD_TMUX": "off", "HERALD_SOUND": "bell"]
    }
    static let unsetting = ["HERALD_NO_SPAWN", "HERALD_SOCKET", "DBUS_SESSION_BUS_ADDRESS", "LISTEN_PID", "LISTEN_FDS"]

    /// Runs `herald ARGS` to completion, off the cooperative pool.
    func run(_ arguments: [String], extra: [String: String] = [:]) async throws -> ProgramResult {
        try await runProgram(herald, arguments, environment: environment.merging(extra) { $1 },
                             unsetting: Self.unsetting)
    }

    /// Starts `herald daemon ARGS` as a user's shell would (the home in `HERALD_HOME`, the
    /// configuration deciding about D-Bus), its output in `log` (inside the root), and waits
    /// until it answers (`readyWithin`: a hand-over waits for the daemon it takes over from).
    /// `extra` is added to its environment (a sound server, `XDG_DATA_HOME`). Stopping it leaves
    /// the home to `close()`.
    func startDaemon(_ arguments: [String] = [], log: String, extra: [String: String] = [:],
                     readyWithin: Double = 30) async throws -> DaemonFixture {
        try await DaemonFixture.start(DaemonOptions(arguments, environment: environment.merging(extra) { $1 }, unsetting: Self.unsetting,
                                                    desktop: .asConfigured, homeBy: .environment, logPath: root.path + "/" + log,
                                                    readyWithin: readyWithin),
                                      home: TemporaryDirectory(at: home))
    }

    /// A file of the root (a log), or "".
    func text(_ name: String) -> String {
        (try? String(contentsOfFile: root.path + "/" + name, encoding: .utf8)) ?? ""
    }

    /// What a daemon started on demand logs (DIR/daemon.log).
    var onDemandLog: String { (try? String(contentsOfFile: home + "/daemon.log", encoding: .utf8)) ?? "" }

    /// The lock file's record: who serves the center.
    func lockHolder() -> (pid: pid_t, name: String)? {
        guard let text = try? String(contentsOfFile: home + "/herald.lock", encoding: .utf8),
              let line = text.split(separator: "\n").first else { return nil }
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let pid = pid_t(parts[0]) else { return nil }
        return (pid, parts[1])
    }

    /// Polls until `condition` holds (at most `timeout` seconds), else throws naming `what`.
    func waitUntil(_ what: String, timeout: TimeInterval = 30, _ condition: () async -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while await !condition() {
            guard Date() < deadline else { throw ProcessError("timed out waiting for \(what)") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Whether process `pid` has ended (gone, or a zombie nobody reaped yet).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state == "Z" || state == "X"
    }

    /// The titles in the center's history (through whatever daemon serves it).
    func historyTitles() async throws -> [String] {
        let result = try await run(["history", "--json", "--limit", "10000"], extra: ["HERALD_NO_SPAWN": "1"])
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["title"] as? String }
    }

    /// Stops the daemon holding the center (SIGTERM, then SIGKILL) — and one a client still
    /// starting may have put in its place — and removes everything; on a thread of its own (a
    /// `defer` cannot await, and the pool never waits for a daemon to go).
    func close() {
        Thread { [self] in
            for _ in 0..<3 {
                guard let holder = lockHolder(), !Self.hasEnded(holder.pid) else { break }
                kill(holder.pid, SIGTERM)
                let deadline = Date().addingTimeInterval(15)
                while !Self.hasEnded(holder.pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
                if !Self.hasEnded(holder.pid) { kill(holder.pid, SIGKILL) }
                Thread.sleep(forTimeInterval: 0.2)
            }
            root.remove()
        }.start()
    }
}
