#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX error number, as in swift-system: a typed wrapper with a readable description.
///
/// ```swift
/// throw Errno.current            // after a failed syscall
/// if error == Errno(ECONNREFUSED) { … }
/// ```
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `errno` value.
    public let rawValue: Int32

    /// Wraps a raw error number.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`.
    public static var current: Errno { Errno(errno) }

    /// `strerror` text followed by the symbolic number, e.g. `Connection refused (errno 111)`.
    public var description: String { "\(String(cString: strerror(rawValue))) (errno \(rawValue))" }

    /// Whether the error means "nobody is listening there" (no socket file, or a stale one).
    public var meansNoServer: Bool {
        rawValue == ENOENT || rawValue == ECONNREFUSED || rawValue == ENOTSOCK
    }
}

/// Runs a syscall again while it fails with `EINTR`; throws `Errno` for any other failure.
///
/// ```swift
/// let count = try retryingOnInterrupt { read(fd, buffer, size) }
/// ```
@discardableResult
public func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) throws -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let error = errno
        if error == EINTR { continue }
        throw Errno(error)
    }
}
