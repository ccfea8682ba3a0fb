import Foundation
import HeraldSystem
import HeraldWire

/// Connects to the daemon, starting one in the background when none answers (as tmux starts its
/// server) — or asking the supervisor that runs it (`CenterStart`).
///
/// ```swift
/// let client = try await DaemonLauncher.connectOrStart(
///     socketPath: path, hello: ClientHello(role: .ui),
///     start: .daemon([DaemonLauncher.currentExecutable, "--home", home, "daemon", "--on-demand"]),
///     logPath: home + "/daemon.log")
/// ```
public enum DaemonLauncher {
    /// This process's executable (`/proc/self/exe`), to start `herald daemon` with.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The `herald` executable that can start a daemon for this process: `$HERALD_EXECUTABLE`,
    /// else `herald` on `$PATH`, else a `herald` next to this process's executable; `nil` when
    /// there is none.
    public static func locateHerald(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let files = FileManager.default
        if let explicit = environment["HERALD_EXECUTABLE"], !explicit.isEmpty {
            return files.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/herald"
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        let sibling = URL(fileURLWithPath: currentExecutable).deletingLastPathComponent().appendingPathComponent("herald").path
        return files.isExecutableFile(atPath: sibling) ? sibling : nil
    }

    /// Connects; when nobody listens (no socket, or a stale one), runs `daemonCommand` detached
    /// (standard error appended to `logPath`) and retries until it answers or `timeout` passes.
    public static func connectOrSpawnDaemon(socketPath: String, hello: ClientHello, daemonCommand: [String],
                                            logPath: String?, timeout: TimeInterval = 10) async throws -> IPCClient {
        try await connectOrStart(socketPath: socketPath, hello: hello, start: .daemon(daemonCommand), logPath: logPath,
                                 timeout: timeout)
    }

    /// Connects; when nobody listens (no socket, or a stale one), runs `start` — the daemon,
    /// detached, or the supervisor's command (standard error appended to `logPath`) — and
    /// retries until the daemon answers or `timeout` passes.
    public static func connectOrStart(socketPath: String, hello: ClientHello, start: CenterStart,
                                      logPath: String?, timeout: TimeInterval = 10) async throws -> IPCClient {
        let connect = { try await IPCClient.connect(socketPath: socketPath, hello: hello) }
        if let client = try await answering(connect) { return client }
        var daemon = try StartingDaemon(start, logPath: logPath, socketPath: socketPath, timeout: timeout)
        while true {
            if let client = try await answering(connect) { return client }
            try daemon.checkAfterFailedAttempt()
            try await Task.sleep(nanoseconds: StartingDaemon.retryInterval)
        }
    }

    /// `connectOrStart` for `BlockingIPCClient`, waiting on the calling thread.
    public static func connectOrStart(socketPath: String, hello: ClientHello, start: CenterStart,
                                      logPath: String?, timeout: TimeInterval = 10) throws -> BlockingIPCClient {
        let connect = { try BlockingIPCClient(socketPath: socketPath, hello: hello) }
        if let client = try answering(connect) { return client }
        var daemon = try StartingDaemon(start, logPath: logPath, socketPath: socketPath, timeout: timeout)
        while true {
            if let client = try answering(connect) { return client }
            try daemon.checkAfterFailedAttempt()
            usleep(useconds_t(StartingDaemon.retryInterval / 1000))
        }
    }

    /// What `connect` returns, or `nil` when nobody listens on the socket.
    static func answering<Client>(_ connect: () async throws -> Client) async throws -> Client? {
        do {
            return try await connect()
        } catch let error as Errno where error.meansNoServer {
            return nil
        }
    }

    static func answering<Client>(_ connect: () throws -> Client) throws -> Client? {
        do {
            return try connect()
        } catch let error as Errno where error.meansNoServer {
            return nil
        }
    }
}

/// A `herald daemon` started in the background — or a supervisor asked to start one — while a
/// client waits for it to answer.
struct StartingDaemon {
    /// How long a client waits between attempts to connect.
    static let retryInterval: UInt64 = 20_000_000

    private let process: ChildProcess
    private let command: [String]
    /// The command asks a supervisor (it exits once it has asked) rather than being the daemon.
    private let asksSupervisor: Bool
    private let logPath: String?
    private let socketPath: String
    private let timeout: TimeInterval
    private let deadline: Date
    /// The daemon exited; one more attempt was allowed (another client's daemon may have won the race).
    private var exitStatus: Int32?

    init(_ start: CenterStart, logPath: String?, socketPath: String, timeout: TimeInterval) throws {
        switch start {
        case .daemon(let command):
            self.command = command
            asksSupervisor = false
        case .supervisor(let command):
            self.command = command
            asksSupervisor = true
        case .none(let reason):
            throw IPCError.noServerToStart(path: socketPath, reason: reason)
        }
        process = try ChildProcess(command[0], Array(command.dropFirst()), streams: .detached(errorLog: logPath))
        self.logPath = logPath
        self.socketPath = socketPath
        self.timeout = timeout
        deadline = Date().addingTimeInterval(timeout)
    }

    /// The command as the user would type it (a supervisor's shell command as written).
    private var shown: String {
        command.first == "/bin/sh" && command.count == 3 ? command[2]
            : (command.first == "/usr/bin/env" ? Array(command.dropFirst()) : command).joined(separator: " ")
    }

    /// After an attempt found nobody listening: throws `IPCError.daemonDidNotStart` when the
    /// daemon exited (after one more attempt), the supervisor's command failed, or the time is
    /// up; else the caller retries.
    mutating func checkAfterFailedAttempt() throws {
        let log = logPath.map { " (see \($0))" } ?? ""
        if let exitStatus {
            throw IPCError.daemonDidNotStart("'\(shown)' exited with status \(exitStatus)\(log)")
        }
        if let status = process.exitStatusIfExited() {
            // A supervisor's command that asked successfully: the daemon is on its way.
            if asksSupervisor && status == 0 {
                if Date() >= deadline {
                    throw IPCError.daemonDidNotStart("'\(shown)' ran, but nothing answers on \(socketPath) after "
                                                     + "\(Int(timeout)) s; ask the supervisor how the center is doing")
                }
                return
            }
            exitStatus = status
            return
        }
        if Date() >= deadline {
            throw IPCError.daemonDidNotStart("no answer on \(socketPath) after \(Int(timeout)) s"
                                             + (asksSupervisor ? " ('\(shown)' is still running)" : ""))
        }
    }
}
