#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A pipe that wakes a thread sleeping in `poll`: another thread calls `wake()`, the sleeper
/// watches `descriptor` for `POLLIN` and calls `drain()` when it fires. Both ends are
/// non-blocking and close-on-exec; `isOpen` is false when no descriptors were left.
///
/// ```swift
/// var fds = [pollfd(fd: pipe.descriptor, events: Int16(POLLIN), revents: 0), …]
/// poll(&fds, nfds_t(fds.count), -1)
/// if fds[0].revents != 0 { pipe.drain() }
/// ```
public final class WakePipe: Sendable {
    /// The end to poll for `POLLIN` (-1 when the pipe could not be made).
    public let descriptor: Int32
    private let writer: Int32

    /// Makes the pipe.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        }
        (descriptor, writer) = (ends[0], ends[1])
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
        if writer >= 0 { _ = close(writer) }
    }

    /// Whether the pipe exists (a process out of descriptors gets none; poll with a timeout then).
    public var isOpen: Bool { descriptor >= 0 }

    /// Wakes the sleeper (a full pipe already will).
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        var bytes = (UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
