import Foundation
import HeraldClient
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#endif

/// A real `herald daemon` started as a child process on a state directory (its home): the one
/// way the tests and `herald-bench` launch a daemon and decide that it is ready.
///
/// It is ready when it answers a hello carrying its own pid (a socket file alone says nothing,
/// and while a center changes hands another daemon may answer). Its standard output and error go
/// to a log file kept for failure messages (`log`). It is stopped with a signal (SIGTERM, as a
/// supervisor stops it) and reaped off the cooperative pool (`stop`, `stopping`); one still
/// running when the last reference goes is killed.
///
/// ```swift
/// let daemon = try await LaunchedDaemon.start(herald: path, home: home, arguments: ["--rate-limit", "0"])
/// let client = try await daemon.connect(as: "herald-bench")
/// await daemon.stop()                       // SIGTERM; SIGKILL after 30 s
/// ```
public final class LaunchedDaemon: Sendable {
    /// Its state directory.
    public let home: String
    /// Where it listens: `socketPath` when given (then in its `HERALD_SOCKET`), else HOME/herald.sock.
    public let socketPath: String
    /// Where its standard output and error go.
    public let logPath: String
    /// The daemon process (a shell that set its descriptor limit has `exec`ed it: the same pid).
    public let process: ChildProcess

    /// Spawns `herald [--home HOME] daemon ARGUMENTS` and returns at once (`waitUntilReady`).
    ///
    /// - `homeInEnvironment`: the home goes in `HERALD_HOME` instead of `--home`, as a user's
    ///   shell has it (the lock file then names the daemon `herald daemon`).
    /// - `environment` is added to this process's own, less `unsetting` and less `HERALD_SOCKET`
    ///   (unless `socketPath` or `environment` sets it).
    /// - `logPath` defaults to HOME/daemon.log; `descriptorLimit` is the daemon's `ulimit -n`.
    public init(herald: String, home: String, arguments: [String] = [], homeInEnvironment: Bool = false,
                socketPath: String? = nil, environment: [String: String] = [:], unsetting: [String] = [],
                logPath: String? = nil, descriptorLimit: Int? = nil) throws {
        self.home = home
        self.socketPath = socketPath ?? home + "/" + SocketLocation.fileName
        self.logPath = logPath ?? home + "/daemon.log"
        var added = environment
        if let socketPath { added["HERALD_SOCKET"] = socketPath }
        if homeInEnvironment { added["HERALD_HOME"] = home }
        let removed = (["HERALD_SOCKET"] + unsetting).filter { added[$0] == nil }
        let command = [herald] + (homeInEnvironment ? [] : ["--home", home]) + ["daemon"] + arguments
        if let descriptorLimit {
            // The shell only lowers the limit; `exec` makes the daemon the child itself (its pid).
            process = try ChildProcess("/bin/sh", ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\""] + command,
                                       environment: added, unsetting: removed, streams: .logFile(self.logPath))
        } else {
            process = try ChildProcess(command[0], Array(command.dropFirst()), environment: added, unsetting: removed,
                                       streams: .logFile(self.logPath))
        }
    }

    /// `init`, then `waitUntilReady`.
    public static func start(herald: String, home: String, arguments: [String] = [], homeInEnvironment: Bool = false,
                             socketPath: String? = nil, environment: [String: String] = [:], unsetting: [String] = [],
                             logPath: String? = nil, descriptorLimit: Int? = nil,
                             readyWithin seconds: Double = 30) async throws -> LaunchedDaemon {
        let daemon = try LaunchedDaemon(herald: herald, home: home, arguments: arguments,
                                        homeInEnvironment: homeInEnvironment, socketPath: socketPath,
                                        environment: environment, unsetting: unsetting, logPath: logPath,
                                        descriptorLimit: descriptorLimit)
        try await daemon.waitUntilReady(within: seconds)
        return daemon
    }

    /// The daemon's process id.
    public var pid: pid_t { process.pid }

    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }

    /// Polls with a hello, `interval` seconds apart, until the daemon answers with its own pid.
    /// When it exits first, or has not answered within `seconds` (it is then killed and reaped),
    /// throws with its log.
    public func waitUntilReady(within seconds: Double = 30, polling interval: Double = 0.02) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let client = try? await IPCClient.connect(socketPath: socketPath,
                                                         hello: ClientHello(role: .cli, client: "daemon harness")) {
                client.close()
                if client.server.pid == pid { return }
            }
            if let status = process.exitStatusIfExited() {
                throw DaemonLaunchError("herald daemon exited with status \(status) before answering on \(socketPath). Its log:\n\(log.suffix(4000))")
            }
            guard Date() < deadline else {
                await stop(signal: SIGKILL)
                throw DaemonLaunchError("herald daemon did not answer on \(socketPath) within \(Int(seconds)) s. Its log:\n\(log.suffix(4000))")
            }
            try await Task.sleep(nanoseconds: UInt64(interval * 1e9))
        }
    }

    /// A client connection to it (it must be ready).
    public func connect(as client: String) async throws -> IPCClient {
        try await IPCClient.connect(socketPath: socketPath, hello: ClientHello(role: .cli, client: client))
    }

    /// What it logged so far ("" when the log is not a regular file: `/dev/full` reads forever).
    public var log: String {
        let type = (try? FileManager.default.attributesOfItem(atPath: logPath))?[.type] as? FileAttributeType
        guard type == .typeRegular else { return "" }
        return (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// How often the log holds `text`.
    public func logCount(_ text: String) -> Int { log.components(separatedBy: text).count - 1 }

    /// Polls until the log holds `text` at least `count` times; throws with the log after `seconds`.
    public func waitForLog(_ text: String, count: Int = 1, within seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while logCount(text) < count {
            guard Date() < deadline else {
                throw DaemonLaunchError("herald daemon never logged '\(text)' (\(count)×):\n\(log.suffix(4000))")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Sends `signal` (SIGTERM as a supervisor stops it; SIGKILL for a crash) and reaps the
    /// daemon on a thread of its own; SIGKILL when it has not exited `within` seconds. The exit
    /// status (128 + signal when a signal ended it) and whether it had to be killed.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, within seconds: Double = 30) async -> (status: Int32, killed: Bool) {
        await offThePool { self.stopBlocking(signal: signal, within: seconds) }
    }

    /// Runs `body`, then stops the daemon (`stop`) — also when `body` throws: the `defer` an
    /// async stop cannot have.
    public func stopping<T>(signal: Int32 = SIGTERM, within seconds: Double = 30,
                            after body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            await stop(signal: signal, within: seconds)
            throw error
        }
        await stop(signal: signal, within: seconds)
        return result
    }

    /// `stop` on the calling thread: for a thread that is not the cooperative pool's.
    @discardableResult
    public func stopBlocking(signal: Int32 = SIGTERM, within seconds: Double = 30) -> (status: Int32, killed: Bool) {
        process.signal(signal)
        return process.waitKilling(after: seconds)
    }

    /// A daemon nobody stopped is killed when its launcher goes (a benchmark or test that threw
    /// halfway leaves no daemon behind).
    deinit {
        if process.isRunning {
            process.signal(SIGKILL)
            process.wait()
        }
    }
}

/// A launched daemon exited, never answered or never logged what was waited for; the
/// description carries its log.
public struct DaemonLaunchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
