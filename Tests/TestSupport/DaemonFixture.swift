import Foundation
import HeraldClient
import HeraldSystem
import HeraldWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `herald daemon` (the built binary, `BuiltProducts`) on a temporary state directory:
/// the one daemon fixture of the tests, on the one launcher (`LaunchedDaemon`). It is ready when
/// it answers a hello with its own pid (a socket file alone says nothing, and on a center
/// changing hands another daemon may answer); its output goes to a log kept for failure messages
/// (`log`); it is stopped off the cooperative pool.
///
/// ```swift
/// let daemon = try await DaemonFixture.start(DaemonOptions(["--prompt", "deny"]))
/// let posted = try await daemon.run(["post", "--new-app", "ci", "--title", "Hi"])
/// await daemon.stop()                      // SIGTERM, waits, removes the state directory
///
/// let again = try await DaemonFixture.start(home: daemon.home)   // a restart on the same state
/// ```
public final class DaemonFixture: Sendable {
    /// Its state directory (the daemon's home).
    public let home: TemporaryDirectory
    /// The launched daemon.
    public let daemon: LaunchedDaemon
    /// Where it listens: HOME/herald.sock.
    public var socketPath: String { daemon.socketPath }
    /// Where its standard output and error go.
    public var logPath: String { daemon.logPath }

    private init(home: TemporaryDirectory, daemon: LaunchedDaemon) {
        self.home = home
        self.daemon = daemon
    }

    /// Starts the daemon and waits until it answers a hello; on `home` when given (a restart on
    /// the same state), else on a new temporary directory. When it exits or does not answer
    /// within `options.readyWithin`, it is killed and the error carries its log.
    public static func start(_ options: DaemonOptions = DaemonOptions(),
                             home existing: TemporaryDirectory? = nil) async throws -> DaemonFixture {
        let home = try existing ?? TemporaryDirectory("herald-daemon")
        let daemon = try LaunchedDaemon(herald: BuiltProducts.path("herald"), home: home.path, arguments: options.daemonArguments,
                                        homeInEnvironment: options.homeBy == .environment,
                                        environment: options.addedEnvironment, unsetting: options.unsetting,
                                        logPath: options.logPath)
        try await daemon.waitUntilReady(within: options.readyWithin)
        return DaemonFixture(home: home, daemon: daemon)
    }

    /// Runs `body` against a fresh daemon and stops it afterwards (removing its state), whatever
    /// happened.
    public static func with(_ options: DaemonOptions = DaemonOptions(),
                            _ body: (DaemonFixture) async throws -> Void) async throws {
        try await using(try await start(options), body, closing: { await $0.stop() })
    }

    /// The daemon's process id.
    public var pid: pid_t { daemon.pid }

    /// Whether it still runs.
    public var isRunning: Bool { daemon.isRunning }

    /// What it logged so far ("" when the log is not a file: `/dev/full` reads forever).
    public var log: String { daemon.log }

    /// Polls until the log holds `text` at least `count` times; throws with the log after `seconds`.
    public func waitForLog(_ text: String, count: Int = 1, within seconds: Double = 20) async throws {
        try await daemon.waitForLog(text, count: count, within: seconds)
    }

    /// What an app process needs to find this daemon (and nothing else: no spawning).
    public func appEnvironment(bundleIdentifier: String) -> [String: String] {
        ["HERALD_HOME": home.path, "HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1", "HERALD_BUNDLE_ID": bundleIdentifier]
    }

    /// A user interface's connection to it.
    public func ui() async throws -> RemoteCenterControl {
        try await RemoteCenterControl.connect(socketPath: socketPath, client: "test ui")
    }

    /// Runs `herald --home HOME ARGS…` against it (never starting a daemon of its own), with
    /// `environment` added; off the cooperative pool.
    public func run(_ arguments: [String], stdin: Data? = nil,
                    environment: [String: String] = [:]) async throws -> ProgramResult {
        try await runHerald(arguments, home: home.path, stdin: stdin, environment: environment)
    }

    /// Sends `signal` (SIGTERM as a supervisor stops it; SIGKILL for a crash) and waits for the
    /// exit, off the cooperative pool; removes the state directory unless told not to. When it
    /// has not exited `within` seconds, it is killed and that is recorded as an issue. Returns
    /// the exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, within seconds: Double = 30, removingHome: Bool = true) async -> Int32 {
        await offThePool { self.stopBlocking(signal: signal, within: seconds, removingHome: removingHome) }
    }

    /// `stop` without waiting: for a `defer` in an async test. A thread of its own waits for the
    /// exit and then removes the state directory.
    public func stopInBackground(signal: Int32 = SIGTERM, removingHome: Bool = true) {
        Thread { self.stopBlocking(signal: signal, removingHome: removingHome) }.start()
    }

    /// `stop` on the calling thread (a thread of its own, never the pool's).
    @discardableResult
    private func stopBlocking(signal: Int32 = SIGTERM, within seconds: Double = 30, removingHome: Bool = true) -> Int32 {
        let (status, killed) = daemon.stopBlocking(signal: signal, within: seconds)
        if killed {
            Issue.record("herald daemon did not stop within \(Int(seconds)) s of signal \(signal); killed. Its log:\n\(log.suffix(2000))")
        }
        if removingHome { home.remove() }
        return status
    }
}
