import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file Herald writes for itself from bytes that came from outside (a copied attachment, a
/// broker post's decoded attachment): always a new file — created with `O_EXCL | O_NOFOLLOW`,
/// so it never replaces a file or writes through a link someone planted — readable by the user
/// alone (0600). Write errors name the file (`UntrustedFileError.cannotWrite`).
///
/// ```swift
/// try NewFile.write(bytes, to: "/staging/1F0C…/chart.png")
/// ```
public final class NewFile {
    /// Where it was created.
    public let path: String
    private let descriptor: Int32

    /// Creates the file; throws `cannotWrite` when it exists, is a link, or cannot be created.
    public init(creating path: String) throws {
        var opened: Int32
        repeat { opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        while opened < 0 && errno == EINTR
        guard opened >= 0 else { throw UntrustedFileError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.descriptor = opened
    }

    deinit { close(descriptor) }

    /// Creates `path` and writes all of `data` to it; on a failure the file is removed.
    public static func write(_ data: Data, to path: String) throws {
        let file = try NewFile(creating: path)
        do { try file.write(data) } catch {
            file.remove()
            throw error
        }
    }

    /// Appends all of `data` (a short write is continued, an interrupted one retried).
    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw UntrustedFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }

    /// Removes the file (after a failed write).
    public func remove() { unlink(path) }
}
