import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// Connects; when nobody listens (no socket, or a stale one), runs `daemonCommand` detached
    /// (standard error appended to `logPath`) and retries until it answers or `timeout` passes.
    public static func connectOrSpawnDaemon(socketPath: String, hello: ClientHello, daemonCommand: [String],
                                            logPath: String?, timeout: TimeInterval = 10) async throws -> IPCClient {
        do {
            return try await IPCClient.connect(socketPath: socketPath, hello: hello)
        } catch let error as Errno where error.meansNoServer {
            // Start one below.
        }
        let pid = try DetachedProcess.spawn(daemonCommand, logPath: logPath)
        let deadline = Date().addingTimeInterval(timeout)
        var lastError: any Error = IPCError.noServer(path: socketPath)
        while Date() < deadline {
            do {
                return try await IPCClient.connect(socketPath: socketPath, hello: hello)
            } catch let error as Errno where error.meansNoServer {
                lastError = error
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // It exited: perhaps another client's daemon won the race; try once more.
                if let client = try? await IPCClient.connect(socketPath: socketPath, hello: hello) { return client }
                let log = logPath.map { " (see \($0))" } ?? ""
                throw IPCError.daemonDidNotStart("'\(daemonCommand.joined(separator: " "))' exited with status \(status >> 8)\(log)")
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        throw IPCError.daemonDidNotStart("no answer on \(socketPath) after \(Int(timeout)) s: \(lastError)")
    }
}
