import Dispatch
import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#endif

/// A tmux server, reached through the `tmux` program with its socket named (`tmux -S`): the
/// one place Herald runs tmux commands.
///
/// ```swift
/// if let server = TmuxServer.locate(.automatic, environment: ProcessInfo.processInfo.environment), server.isUp {
///     server.run([["set-option", "-g", "@herald_unread", "3"]])
/// }
/// ```
public struct TmuxServer: Sendable, Hashable {
    /// The server's socket.
    public var socketPath: String
    /// The `tmux` program.
    public var executable: String

    public init(socketPath: String, executable: String) {
        self.socketPath = socketPath
        self.executable = executable
    }

    /// What a command printed and how it ended.
    public struct Result: Sendable, Hashable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// The server `setting` names for a process with `environment`: `nil` when it is off or
    /// there is no `tmux` on `$PATH`. `.automatic` is the server of `$TMUX`, else the default
    /// socket (`$TMUX_TMPDIR` or `/tmp`, then `tmux-UID/default`), as the `tmux` program finds it.
    public static func locate(_ setting: TmuxSettings.Server, environment: [String: String],
                              userID: uid_t = getuid()) -> TmuxServer? {
        let directory = (environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/tmux-\(userID)"
        let socket: String
        switch setting {
        case .off: return nil
        case .socket(let path): socket = path
        case .named(let name): socket = directory + "/" + name
        case .automatic: socket = TmuxPlace.socket(fromTMUX: environment["TMUX"]) ?? directory + "/default"
        }
        guard let executable = program("tmux", environment: environment) else { return nil }
        return TmuxServer(socketPath: socket, executable: executable)
    }

    /// `name` on `$PATH`, or `nil`.
    static func program(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Whether a server is listening: its socket exists and takes a connection (checked before
    /// every command, so a server started later is found, and none costs no process). A socket
    /// file left behind by a server that died (killed, crashed) refuses the connection: no
    /// `tmux` runs for it, as `tmux` itself tells a stale socket from a live one.
    public var isUp: Bool {
        var info = stat()
        guard stat(socketPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { return false }
        guard let address = try? SocketAddress(path: socketPath) else { return true }   // too long to probe: tmux decides
        guard let probe = try? UnixSocket.connect(to: address) else { return false }
        probe.close()
        return true
    }

    /// The arguments of `tmux` running `commands` in one go (separated by `;`).
    public func arguments(_ commands: [[String]]) -> [String] {
        var arguments = ["-S", socketPath]
        for (index, command) in commands.enumerated() {
            if index > 0 { arguments.append(";") }
            arguments += command
        }
        return arguments
    }

    /// Runs `commands` in one `tmux` process; `nil` when it could not be started. A server that
    /// does not answer within `timeout` seconds has the client killed.
    @discardableResult
    public func run(_ commands: [[String]], timeout: TimeInterval = 10) -> Result? {
        guard !commands.isEmpty,
              let child = try? ChildProcess(executable, arguments(commands), unsetting: ["TMUX"], streams: .pipes)
        else { return nil }
        let watchdog = DispatchWorkItem { child.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let (output, errors) = child.readOutputs(input: nil)
        let status = child.wait()
        watchdog.cancel()
        return Result(status: status, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }

    /// Runs `commands` with the standard streams on `/dev/null` and waits as long as they take (a
    /// popup returns when it closes); `nil` when `tmux` could not be started.
    public func runUntilDone(_ commands: [[String]]) -> Int32? {
        guard let child = try? ChildProcess(executable, arguments(commands), unsetting: ["TMUX"], streams: .null) else {
            return nil
        }
        return child.wait()
    }
}
