import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive advisory lock on a file (`flock`), held until `release()` or until the process
/// ends: serialises programs that must not run at once (two daemons on one socket).
///
/// ```swift
/// guard let lock = try LockFile.acquire(path: socketPath + ".lock") else { throw AlreadyRunning() }
/// defer { lock.release() }
/// ```
public final class LockFile: Sendable {
    /// The locked file's descriptor (close-on-exec); -1 once released.
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    /// Creates `path` if needed (mode 0600) and locks it without waiting; `nil` when another
    /// process holds the lock. Throws `Errno` when the file cannot be opened.
    public static func acquire(path: String) throws -> LockFile? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Errno.current }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return LockFile(descriptor: descriptor)
    }

    /// Releases the lock (closes the file; the file itself stays). Releasing twice does nothing.
    public func release() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }
}
