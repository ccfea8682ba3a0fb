import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a process in its own session (like a daemon started by tmux): standard input and
/// output are `/dev/null`, standard error goes to a log file, and it does not die with the
/// caller's terminal.
enum DetachedProcess {
    /// glibc's `POSIX_SPAWN_SETSID` (not imported into Swift).
    private static let spawnSetSID: Int16 = 0x80

    /// Returns the new process id.
    static func spawn(_ arguments: [String], logPath: String?) throws -> pid_t {
        precondition(!arguments.isEmpty)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, logPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        // Nothing else may leak into the daemon: a parent that watches its child through an
        // inherited descriptor (Foundation's `Process` does, with a socket pair) would otherwise
        // wait for the daemon instead of its child. (`addclosefrom_np` is not imported, so close
        // what is open now; glibc ignores descriptors that are gone by then.)
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGHUP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, spawnSetSID | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw Errno(status) }
        return pid
    }

    /// The descriptors open in this process (from `/proc/self/fd`).
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
