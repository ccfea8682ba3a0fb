import Foundation
import HeraldClient
import HeraldSystem
import HeraldWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `herald daemon` (the built binary, `BuiltProducts`) on a temporary state directory:
/// the one daemon fixture of the tests. It is ready when it answers a hello with its own pid (a
/// socket file alone says nothing, and on a center changing hands another daemon may answer);
/// its output goes to a log kept for failure messages (`log`); it is stopped off the cooperative
/// pool.
///
/// Async tests `start` it (the waits run on a thread of their own, `offThePool`) and `stop` it;
/// the synchronous end-to-end tests, which own their thread, use `init` and `stopBlocking`.
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
    /// Where it listens: HOME/herald.sock.
    public let socketPath: String
    /// Where its standard output and error go.
    public let logPath: String
    private let child: ChildProcess

    /// Starts the daemon and waits (blocking the calling thread) until it answers a hello; on
    /// `home` when given (a restart on the same state), else on a new temporary directory. When it
    /// exits or does not answer within `options.readyWithin`, it is killed and the error carries
    /// its log.
    public init(_ options: DaemonOptions = DaemonOptions(), home existing: TemporaryDirectory? = nil) throws {
        home = try existing ?? TemporaryDirectory("herald-daemon")
        socketPath = home.path + "/" + SocketLocation.fileName
        logPath = options.logPath ?? home.path + "/daemon.log"
        child = try ChildProcess(BuiltProducts.path("herald"), options.commandLine(home: home.path),
                                 environment: options.addedEnvironment(home: home.path),
                                 unsetting: options.removedEnvironment, streams: .logFile(logPath))
        try waitUntilReady(within: options.readyWithin)
    }

    /// `init` with its waits off the cooperative pool: the way async tests start a daemon.
    public static func start(_ options: DaemonOptions = DaemonOptions(),
                             home: TemporaryDirectory? = nil) async throws -> DaemonFixture {
        try await offThePool { try DaemonFixture(options, home: home) }
    }

    /// Runs `body` against a fresh daemon and stops it afterwards (removing its state), whatever
    /// happened.
    public static func with(_ options: DaemonOptions = DaemonOptions(),
                            _ body: (DaemonFixture) async throws -> Void) async throws {
        try await using(try await start(options), body, closing: { await $0.stop() })
    }

    /// The daemon's process id.
    public var pid: pid_t { child.pid }

    /// Whether it still runs.
    public var isRunning: Bool { child.isRunning }

    /// What it logged so far ("" when the log is not a file: `/dev/full` reads forever).
    public var log: String {
        let type = (try? FileManager.default.attributesOfItem(atPath: logPath))?[.type] as? FileAttributeType
        guard type == .typeRegular else { return "" }
        return (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Waits (blocking the calling thread, polling) until the log holds `text` at least `count`
    /// times; throws with the log after `seconds`.
    public func waitForLog(_ text: String, count: Int = 1, within seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while log.components(separatedBy: text).count - 1 < count {
            guard Date() < deadline else { throw TestFailure("herald daemon never logged '\(text)' (\(count)×):\n\(log.suffix(4000))") }
            usleep(50_000)
        }
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

    /// `stop` on the calling thread: for the synchronous end-to-end tests.
    @discardableResult
    public func stopBlocking(signal: Int32 = SIGTERM, within seconds: Double = 30, removingHome: Bool = true) -> Int32 {
        child.signal(signal)
        let (status, killed) = child.waitKilling(after: seconds)
        if killed {
            Issue.record("herald daemon did not stop within \(Int(seconds)) s of signal \(signal); killed. Its log:\n\(log.suffix(2000))")
        }
        if removingHome { home.remove() }
        return status
    }

    /// `stop` without waiting: for a `defer` in an async test. A thread of its own waits for the
    /// exit and then removes the state directory.
    public func stopInBackground(signal: Int32 = SIGTERM, removingHome: Bool = true) {
        Thread { self.stopBlocking(signal: signal, removingHome: removingHome) }.start()
    }

    /// Polls with a hello until the daemon answers with its own pid.
    private func waitUntilReady(within seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !Self.answersHello(socketPath, as: child.pid) {
            if let status = child.exitStatusIfExited() {
                throw TestFailure("herald daemon exited with status \(status) before answering on \(socketPath). Its log:\n\(log.suffix(4000))")
            }
            guard Date() < deadline else {
                child.signal(SIGKILL)
                child.wait()
                throw TestFailure("herald daemon did not answer on \(socketPath) within \(Int(seconds)) s. Its log:\n\(log.suffix(4000))")
            }
            usleep(20_000)
        }
    }

    /// Whether the daemon with `pid` answers a hello on `socketPath` (blocking, a few milliseconds).
    private static func answersHello(_ socketPath: String, as pid: pid_t) -> Bool {
        guard let client = try? BlockingIPCClient(socketPath: socketPath, hello: ClientHello(role: .cli, client: "test fixture")) else {
            return false
        }
        defer { client.close() }
        guard (try? client.call(Methods.status, Empty())) != nil else { return false }
        return client.server?.pid == pid
    }
}
