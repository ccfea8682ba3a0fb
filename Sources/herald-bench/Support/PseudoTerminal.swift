import Foundation

/// A program run on a fresh pseudo-terminal, in its own session with the terminal as its
/// controlling terminal (as a terminal emulator starts a shell); the benchmark reads what it
/// draws from the master side, timestamped. The screen size comes from `LINES` and `COLUMNS`.
final class PseudoTerminal {
    let pid: pid_t
    private let master: Int32
    private var stopped = false

    /// glibc's `POSIX_SPAWN_SETSID` (not imported into Swift).
    private static let newSession: Int16 = 0x80
    /// `TIOCSPTLCK` and `TIOCGPTN` (not imported into Swift).
    private static let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        // posix_openpt, unlockpt and ptsname are not imported into Swift: their Linux ioctls.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw BenchUsageError("no pseudo-terminal: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            close(master)
            throw BenchUsageError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let name = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid: the first terminal a session leader opens becomes its controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        for stream: Int32 in [1, 2] { posix_spawn_file_actions_adddup2(&actions, 0, stream) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.newSession)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw BenchUsageError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        self.master = master
    }

    /// Reads what the program draws until `isComplete` accepts everything read so far after the
    /// output has been quiet for `quiet` seconds; returns the time the last byte before that
    /// quiet arrived (`Measure.now()` nanoseconds) and the bytes. Throws after `timeout` seconds.
    func readFrame(quiet: Double, timeout: Double, isComplete: ([UInt8]) -> Bool) throws -> (lastByte: UInt64, bytes: [UInt8]) {
        var bytes: [UInt8] = []
        var lastByte: UInt64 = 0
        let deadline = Measure.now() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Measure.now() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(quiet * 1000))
            if ready < 0 {
                if errno == EINTR { continue }
                throw BenchUsageError("poll on the pseudo-terminal failed: \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                if !bytes.isEmpty, isComplete(bytes) { return (lastByte, bytes) }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchUsageError("the program closed its terminal (\(bytes.count) bytes drawn)") }
            lastByte = Measure.now()
            bytes += buffer[0..<count]
        }
        throw BenchUsageError("no complete frame within \(Int(timeout)) s (\(bytes.count) bytes drawn)")
    }

    /// Ends the program (SIGTERM, then SIGKILL after 5 s), draining what it writes meanwhile so it
    /// is never blocked on a full terminal, and closes the terminal.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<500 {
            if waitpid(pid, &status, WNOHANG) == pid { close(master); return }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 10) > 0 { _ = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) } }
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        close(master)
    }

    deinit { stop() }
}
