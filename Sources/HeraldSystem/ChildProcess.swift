import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A spawned child process: the one way Herald starts programs (`posix_spawn` and `waitpid`).
///
/// Foundation's `Process` is not used anywhere: its `waitUntilExit` can hang on Linux when
/// processes are spawned concurrently or when the child leaves a daemon behind
/// (`tmux new-session`). The parent's pipe ends are close-on-exec, so no other child inherits
/// them and every read reaches end-of-file. Every child must be waited for (`wait`, or
/// `exitStatusIfExited` until it answers): an unreaped child stays a zombie, and a test runner
/// watching its own children (Swift Testing's exit tests) spins on it.
///
/// ```swift
/// let child = try ChildProcess("/bin/sh", ["-c", "tr a-z A-Z"], streams: .pipes)
/// let (out, _) = child.readOutputs(input: Data("hi".utf8))   // "HI"
/// let status = child.wait()                                 // 0
/// ```
public final class ChildProcess: Sendable {
    /// Where the child's standard streams go.
    public enum Streams: Sendable {
        /// Pipes this object reads and writes (`readOutputs`, `readLine`).
        case pipes
        /// All three on `/dev/null`.
        case null
        /// Standard input on `/dev/null`; standard output and error appended to the file.
        case logFile(String)
        /// A daemon: a new session, standard input and output on `/dev/null`, standard error
        /// appended to `errorLog` (or `/dev/null`), and no other descriptor of this process
        /// inherited (a parent watching its child through an inherited descriptor would
        /// otherwise wait for the daemon too).
        case detached(errorLog: String?)
        /// All three inherited: the child shares this process's terminal (a pager run while
        /// the UI has handed the terminal over).
        case terminal
    }

    /// The child's process id.
    public let pid: pid_t
    /// This side's ends of the pipes (`Streams.pipes`), -1 once closed (or without pipes).
    private struct Pipes {
        var stdinWrite: Int32 = -1
        var stdoutRead: Int32 = -1
        var stderrRead: Int32 = -1

        /// Closes every end still open.
        mutating func closeAll() {
            [stdinWrite, stdoutRead, stderrRead].filter { $0 >= 0 }.forEach { close($0) }
            self = Pipes()
        }
    }
    /// Taken briefly: never held while reading or writing a pipe.
    private let pipes: Mutex<Pipes>
    /// The exit status, once `waitpid` has reaped the child (its pid may belong to someone else
    /// after that).
    private let exitStatus = Mutex<Int32?>(nil)
    /// Held by the thread inside a blocking `waitpid`: a second waiter waits for the first.
    private let waiting = Mutex(())

    /// glibc's `POSIX_SPAWN_SETSID` (not imported into Swift).
    private static let spawnSetSID: Int16 = 0x80

    /// Spawns `executable` (a path; `env` lookups are the caller's business) with `arguments`;
    /// `environment` is added to this process's own, without the variables in `unsetting`.
    /// `ownProcessGroup`: the child leads a process group of its own, so `signalGroup` reaches
    /// the programs it starts too.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                unsetting: [String] = [], streams: Streams, ownProcessGroup: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        var ends = Pipes()
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        switch streams {
        case .pipes:
            var pipes: [(read: Int32, write: Int32)] = []
            for _ in 0..<3 {
                // A socket pair made close-on-exec atomically (pipe2 is not exported to Swift):
                // no concurrently spawned child can inherit the parent's end.
                var fds: [Int32] = [0, 0]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
                    let error = Errno.current
                    for pipe in pipes { close(pipe.read); close(pipe.write) }
                    throw ProcessError("socketpair failed: \(error)")
                }
                pipes.append((fds[0], fds[1]))
            }
            posix_spawn_file_actions_adddup2(&actions, pipes[0].read, 0)
            posix_spawn_file_actions_adddup2(&actions, pipes[1].write, 1)
            posix_spawn_file_actions_adddup2(&actions, pipes[2].write, 2)
            ends = Pipes(stdinWrite: pipes[0].write, stdoutRead: pipes[1].read, stderrRead: pipes[2].read)
            childEnds = [pipes[0].read, pipes[1].write, pipes[2].write]
        case .null:
            for fd in 0...2 {
                posix_spawn_file_actions_addopen(&actions, Int32(fd), "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        case .logFile(let path):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .detached(let errorLog):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, errorLog ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
            // `addclosefrom_np` is not imported, so close what is open now; glibc ignores
            // descriptors that are gone by then.
            for descriptor in Self.openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            flags |= Self.spawnSetSID
        case .terminal:
            break
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment ?? [:] { env[key] = value }
        for key in unsetting { env.removeValue(forKey: key) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // A fresh signal state: the caller's threads may block and ignore signals (the test
        // runner does), and a child would inherit that — a tmux server that never sees SIGCHLD
        // cannot shut down.
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
        if ownProcessGroup {
            flags |= Int16(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, flags)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        childEnds.forEach { close($0) }
        guard spawned == 0 else {
            ends.closeAll()
            throw ProcessError("cannot start \(executable): \(Errno(spawned))")
        }
        self.pid = pid
        self.pipes = Mutex(ends)
    }

    /// Spawns `executable`; with `captureOutput` its standard streams are pipes, otherwise
    /// `/dev/null`.
    public convenience init(_ executable: String, _ arguments: [String], environment: [String: String]?,
                            captureOutput: Bool) throws {
        try self.init(executable, arguments, environment: environment, streams: captureOutput ? .pipes : .null)
    }

    /// Writes `input` (then closes stdin) and reads stdout and stderr to end-of-file. The input
    /// is written on a thread of its own, so a child that prints before it reads never blocks.
    /// Past `limit` bytes of a stream the rest is read and dropped.
    public func readOutputs(input: Data?, limit: Int = .max) -> (Data, Data) {
        let (writer, errFD, outFD) = pipes.withLock { pipes in
            defer { pipes.stdinWrite = -1 }
            return (pipes.stdinWrite, pipes.stderrRead, pipes.stdoutRead)
        }
        let written = DispatchSemaphore(value: 0)
        if writer >= 0 {
            Thread {
                if let input { ChildProcess.writeAll(input, to: writer) }
                close(writer)
                written.signal()
            }.start()
        } else {
            written.signal()
        }
        // Read stderr on another thread while this one reads stdout, so a chatty child never
        // blocks on a full pipe.
        nonisolated(unsafe) var errData = Data()
        let done = DispatchSemaphore(value: 0)
        Thread {
            errData = ChildProcess.readAll(errFD, limit: limit)
            done.signal()
        }.start()
        let outData = ChildProcess.readAll(outFD, limit: limit)
        done.wait()
        written.wait()
        pipes.withLock { $0.closeAll() }
        return (outData, errData)
    }

    /// Reads one line from stdout (without the newline), or nil at end-of-file.
    public func readLine() -> String? {
        let stdoutRead = pipes.withLock { $0.stdoutRead }
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

    /// Sends a signal, unless the child has already been waited for.
    public func signal(_ signal: Int32) {
        exitStatus.withLock { status in
            if status == nil { kill(pid, signal) }
        }
    }

    /// Sends a signal to the child's process group (`ownProcessGroup`): the child and what it
    /// started. The group outlives a reaped leader while any of its members runs.
    public func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }

    /// Waits for the child and returns its exit status (128 + signal when killed by one).
    /// Closes this side's pipes too, so call it from the thread that reads them.
    @discardableResult
    public func wait() -> Int32 {
        defer { pipes.withLock { $0.closeAll() } }
        return waiting.withLock { _ in
            if let status = exitStatus.withLock({ $0 }) { return status }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return reap(status)
        }
    }

    /// The exit status if the child has exited (it is then reaped; its pipes stay open until
    /// `wait`), `nil` while it runs.
    public func exitStatusIfExited() -> Int32? {
        if let status = exitStatus.withLock({ $0 }) { return status }
        // Another thread is in `wait`: it reaps the child and records the status.
        let reaped = waiting.withLockIfAvailable { _ -> Int32? in
            if let status = exitStatus.withLock({ $0 }) { return status }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            return reap(status)
        }
        return reaped ?? nil
    }

    /// Whether the child is still running (it is reaped when it has exited).
    public var isRunning: Bool { exitStatusIfExited() == nil }

    private func reap(_ rawStatus: Int32) -> Int32 {
        let status = (rawStatus & 0x7f) == 0 ? (rawStatus >> 8) & 0xff : 128 + (rawStatus & 0x7f)
        exitStatus.withLock { $0 = status }
        return status
    }

    private static func writeAll(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue } else { break } }
                offset += written
            }
        }
    }

    private static func readAll(_ fd: Int32, limit: Int) -> Data {
        var data = Data()
        guard fd >= 0 else { return data }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if data.count < limit { data.append(buffer, count: min(count, limit - data.count)) }
        }
        return data
    }

    /// The descriptors open in this process (from `/proc/self/fd`).
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
