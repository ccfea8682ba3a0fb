import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs programs to completion and collects their output.
///
/// Built on `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose
/// `waitUntilExit` can hang on Linux when tests spawn processes concurrently or when the child
/// leaves a daemon behind (`tmux new-session`). The parent's ends are close-on-exec, so no
/// other child inherits them and every read reaches end-of-file.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`; returns the exit status and stdout+stderr.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil) throws -> (status: Int32, output: String) {
        let result = try runSeparately(executable, arguments, environment: environment, input: input)
        return (result.status, result.stdout + result.stderr)
    }

    /// Runs `executable` with its standard streams on /dev/null and waits for it; returns the
    /// exit status. For programs that leave a daemon behind.
    public static func runDetached(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let child = try ChildProcess(executable, arguments, environment: nil, captureOutput: false)
        return child.wait()
    }

    /// Runs `executable`; returns the exit status, stdout and stderr apart.
    public static func runSeparately(_ executable: String, _ arguments: [String],
                                     environment: [String: String]? = nil,
                                     input: Data? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(executable, arguments, environment: environment, captureOutput: true)
        let (out, err) = child.readOutputs(input: input)
        let status = child.wait()
        return (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

/// A spawned child process with optional pipes for its standard streams.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private var stdinWrite: Int32 = -1
    private var stdoutRead: Int32 = -1
    private var stderrRead: Int32 = -1

    /// Spawns `executable` (a path; `env` lookups are the caller's business). With
    /// `captureOutput`, stdin/stdout/stderr are pipes; otherwise /dev/null.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]?,
                captureOutput: Bool) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        if captureOutput {
            var pipes: [(read: Int32, write: Int32)] = []
            for _ in 0..<3 {
                // A socket pair made close-on-exec atomically (pipe2 is not exported to Swift):
                // no concurrently spawned child can inherit the parent's end.
                var fds: [Int32] = [0, 0]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
                    throw ProcessError("socketpair failed: \(String(cString: strerror(errno)))")
                }
                pipes.append((fds[0], fds[1]))
            }
            posix_spawn_file_actions_adddup2(&actions, pipes[0].read, 0)
            posix_spawn_file_actions_adddup2(&actions, pipes[1].write, 1)
            posix_spawn_file_actions_adddup2(&actions, pipes[2].write, 2)
            stdinWrite = pipes[0].write
            stdoutRead = pipes[1].read
            stderrRead = pipes[2].read
            childEnds = [pipes[0].read, pipes[1].write, pipes[2].write]
        } else {
            for fd in 0...2 {
                posix_spawn_file_actions_addopen(&actions, Int32(fd), "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment ?? [:] { env[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // A fresh signal state: the test runner's threads block and ignore signals, and a child
        // would inherit that — a tmux server that never sees SIGCHLD cannot shut down.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        childEnds.forEach { close($0) }
        guard spawned == 0 else {
            [stdinWrite, stdoutRead, stderrRead].filter { $0 >= 0 }.forEach { close($0) }
            throw ProcessError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    /// Writes `input` (then closes stdin) and reads stdout and stderr to end-of-file.
    public func readOutputs(input: Data?) -> (Data, Data) {
        if stdinWrite >= 0 {
            if let input {
                input.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let written = write(stdinWrite, raw.baseAddress! + offset, raw.count - offset)
                        if written < 0 { if errno == EINTR { continue } else { break } }
                        offset += written
                    }
                }
            }
            close(stdinWrite)
            stdinWrite = -1
        }
        // Read stderr on another thread while this one reads stdout, so a chatty child never
        // blocks on a full pipe.
        nonisolated(unsafe) var errData = Data()
        let errFD = stderrRead
        let done = DispatchSemaphore(value: 0)
        Thread {
            errData = ChildProcess.readAll(errFD)
            done.signal()
        }.start()
        let outData = ChildProcess.readAll(stdoutRead)
        done.wait()
        close(stdoutRead)
        close(stderrRead)
        stdoutRead = -1
        stderrRead = -1
        return (outData, errData)
    }

    /// Reads one line from stdout (without the newline), or nil at end-of-file.
    public func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(stdoutRead, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// Sends a signal.
    public func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child and returns its exit status (128 + signal when killed by one).
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        [stdinWrite, stdoutRead, stderrRead].filter { $0 >= 0 }.forEach { close($0) }
        stdinWrite = -1; stdoutRead = -1; stderrRead = -1
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

/// Starting a process failed.
public struct ProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Finds the binaries this package builds (`swift test` builds them before the tests run).
public enum BuiltProducts {
    /// `.build/debug` (or whichever configuration the test bundle was built in).
    public static var directory: URL {
        let bundle = Bundle.main.bundleURL
        var candidates = [bundle, bundle.deletingLastPathComponent()]
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("herald").path) }
            ?? candidates.last!
    }

    /// The path of a built executable, e.g. `herald`.
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The repository root (where `Package.swift` and `Assets/` are).
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }
}
