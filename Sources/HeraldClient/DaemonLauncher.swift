import Foundation
import HeraldSystem
import HeraldWire

/// Connects to the daemon, starting one in the background when none answers (as tmux starts its
/// server).
///
/// ```swift
/// let client = try await DaemonLauncher.connectOrSpawnDaemon(
///     socketPath: path, hello: ClientHello(role: .ui),
///     daemonCommand: [DaemonLauncher.currentExecutable, "--home", home, "daemon"],
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
        do {
            return try await IPCClient.connect(socketPath: socketPath, hello: hello)
        } catch let error as Errno where error.meansNoServer {
            // Start one below.
        }
        let daemon = try ChildProcess(daemonCommand[0], Array(daemonCommand.dropFirst()),
                                      streams: .detached(errorLog: logPath))
        let deadline = Date().addingTimeInterval(timeout)
        var lastError: any Error = IPCError.noServer(path: socketPath)
        while Date() < deadline {
            do {
                return try await IPCClient.connect(socketPath: socketPath, hello: hello)
            } catch let error as Errno where error.meansNoServer {
                lastError = error
            }
            if let status = daemon.exitStatusIfExited() {
                // It exited: perhaps another client's daemon won the race; try once more.
                if let client = try? await IPCClient.connect(socketPath: socketPath, hello: hello) { return client }
                let log = logPath.map { " (see \($0))" } ?? ""
                throw IPCError.daemonDidNotStart("'\(daemonCommand.joined(separator: " "))' exited with status \(status)\(log)")
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        throw IPCError.daemonDidNotStart("no answer on \(socketPath) after \(Int(timeout)) s: \(lastError)")
    }
}
