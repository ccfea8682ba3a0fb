import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Sockets a supervisor opened for this process — systemd's socket activation protocol
/// (`sd_listen_fds`): `$LISTEN_PID` is this process, `$LISTEN_FDS` says how many descriptors
/// from 3 on are sockets passed to it. They are taken once: the variables are removed (so no
/// program this process starts believes they are its own) and each descriptor is made
/// close-on-exec.
///
/// ```swift
/// if let listener = InheritedSockets.take().first { … }   // systemd's herald.socket, as descriptor 3
/// ```
public enum InheritedSockets {
    /// The first descriptor passed (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3
    /// The most descriptors believed (a larger `$LISTEN_FDS` is a mistake, not a supervisor).
    static let maximumCount = 64

    /// The descriptors passed to this process (none when the variables are absent or meant for
    /// another process), after removing the variables from the environment.
    public static func take() -> [Int32] {
        let environment = ProcessInfo.processInfo.environment
        defer {
            for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        }
        return descriptors(environment: environment, pid: getpid())
    }

    /// The descriptors `environment` passes to process `pid`, each made close-on-exec.
    static func descriptors(environment: [String: String], pid: pid_t) -> [Int32] {
        guard let listenPID = environment["LISTEN_PID"].flatMap({ pid_t($0) }), listenPID == pid,
              let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count > 0, count <= maximumCount else { return [] }
        return (0..<Int32(count)).map { firstDescriptor + $0 }.filter { descriptor in
            fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
        }
    }
}
