import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file named by someone else — an app's attachment, a D-Bus sender's `image-path`, a
/// picture to preview, an icon theme's index — opened so that it can neither block nor fool
/// whoever reads it. Every file Herald reads on outside say-so is opened here.
///
/// The path is opened once, `O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC` (and `O_NOFOLLOW`
/// when links are refused), so a named pipe or a device opens at once instead of waiting for a
/// writer. What was opened is then judged by its descriptor (`fstat`): only a regular file is
/// accepted, and every read comes from that descriptor — a file checked by its path and then
/// swapped for a pipe or a link is never what is read. Reads stop at a size limit (a file that
/// grows past it is refused) and at a deadline (a file on a stalled network or FUSE mount that
/// trickles is abandoned, `tooSlow`).
///
/// ```swift
/// let file = try UntrustedFile(opening: "/tmp/cat.png")
/// let head = try file.head(8)                                  // the signature
/// try file.copy(to: "/store/cat.png", limit: 10 << 20)         // from the same descriptor
/// let icon = try UntrustedFile.read("/usr/share/pixmaps/x.png", limit: 1 << 20)
/// ```
public final class UntrustedFile: Sendable {
    /// How long the reads of one file may take, by default.
    public static let readTimeLimit: TimeInterval = 10

    /// The path it was opened by (for messages).
    public let path: String
    /// Its size when opened (`fstat`). A /proc file says 0 whatever reading it would give.
    public let size: Int64
    private let descriptor: Int32
    /// The uptime (ns) by which reading must be done.
    private let deadline: UInt64
    private let timeLimit: TimeInterval

    /// Opens `path` and checks, by the descriptor, that it is a regular file. Throws
    /// `UntrustedFileError`: `.missing`, `.unreadable` (permission, a refused link), `.notRegular`.
    /// - Parameters:
    ///   - followsLinks: `false` refuses a symbolic link as the last component (`O_NOFOLLOW`);
    ///     `true` judges a link by the file it points to (what was opened is what is checked).
    ///   - timeLimit: how long the reads of this file may take, from now.
    public init(opening path: String, followsLinks: Bool = true, timeLimit: TimeInterval = UntrustedFile.readTimeLimit) throws {
        var flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        if !followsLinks { flags |= O_NOFOLLOW }
        var opened: Int32
        repeat { opened = open(path, flags) } while opened < 0 && errno == EINTR
        guard opened >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw UntrustedFileError.missing(path: path)
            case ELOOP where !followsLinks: throw UntrustedFileError.notRegular(path: path, kind: "a symbolic link")
            default: throw UntrustedFileError.unreadable(path: path, reason: String(cString: strerror(code)))
            }
        }
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(opened)
            throw UntrustedFileError.unreadable(path: path, reason: reason)
        }
        if let kind = Self.nonRegularKind(info.st_mode) {
            close(opened)
            throw UntrustedFileError.notRegular(path: path, kind: kind)
        }
        self.path = path
        self.descriptor = opened
        self.size = Int64(info.st_size)
        self.timeLimit = timeLimit
        self.deadline = DispatchTime.now().uptimeNanoseconds &+ Seconds.nanoseconds(timeLimit)
    }

    deinit { close(descriptor) }

    /// The opened descriptor, for handing exactly the file that was checked to a library that
    /// opens paths (as `/proc/self/fd/N`). Valid while this object lives; never close it.
    public var openedDescriptor: Int32 { descriptor }

    /// Reads a whole file of at most `limit` bytes (see `init(opening:)` and `readAll(limit:)`).
    public static func read(_ path: String, limit: Int64, followsLinks: Bool = true) throws -> Data {
        try UntrustedFile(opening: path, followsLinks: followsLinks).readAll(limit: limit)
    }

    /// "a directory", "a named pipe (FIFO)", … for what is not a regular file; `nil` for one.
    public static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The first `count` bytes (fewer when the file is shorter).
    public func head(_ count: Int) throws -> [UInt8] { try bytes(at: 0, count: count) }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    public func bytes(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let (position, overflow) = offset.addingReportingOverflow(Int64(filled))
            guard !overflow else { break }
            let got = try readChunk(into: &bytes, at: filled, offset: position)
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// The whole file, from its start; `.tooLarge` past `limit` bytes.
    public func readAll(limit: Int64) throws -> Data {
        var result = Data()
        result.reserveCapacity(Int(min(max(size, 0), limit)))
        try forEachChunk(limit: limit) { chunk in result.append(chunk) }
        return result
    }

    /// Copies the file, from its start, to a new file at `destination` (created, never
    /// replaced; mode 0600). On any failure — over `limit`, past the deadline, a write error —
    /// the destination is removed and the error thrown.
    public func copy(to destination: String, limit: Int64) throws {
        let output = try NewFile(creating: destination)
        do {
            try forEachChunk(limit: limit) { chunk in try output.write(chunk) }
        } catch {
            output.remove()
            throw error
        }
    }

    // MARK: Reading

    private static let chunkSize = 65_536

    /// Calls `body` with each chunk from the start to the end of the file, checking the limit
    /// and the deadline as it goes.
    private func forEachChunk(limit: Int64, _ body: (Data) throws -> Void) throws {
        guard size <= limit else { throw UntrustedFileError.tooLarge(path: path, size: size, limit: limit) }
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        var offset: Int64 = 0
        while true {
            let count = try readChunk(into: &buffer, at: 0, offset: offset)
            if count == 0 { return }
            offset += Int64(count)
            guard offset <= limit else { throw UntrustedFileError.tooLarge(path: path, size: offset, limit: limit) }
            try body(Data(buffer[..<count]))
        }
    }

    /// One `pread` into `buffer[start...]`; throws past the deadline or on a read error.
    private func readChunk(into buffer: inout [UInt8], at start: Int, offset: Int64) throws -> Int {
        while true {
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                throw UntrustedFileError.tooSlow(path: path, seconds: timeLimit)
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + start, raw.count - start, off_t(offset))
            }
            if count >= 0 { return count }
            let code = errno
            if code == EINTR || code == EAGAIN { continue }
            throw UntrustedFileError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}

/// Why an `UntrustedFile` was refused. The message names the file and the limit.
public enum UntrustedFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing is at the path.
    case missing(path: String)
    /// It cannot be opened or read (permission, an I/O error).
    case unreadable(path: String, reason: String)
    /// It is not a regular file (`kind`: "a named pipe (FIFO)", "a directory", …).
    case notRegular(path: String, kind: String)
    /// It is larger than `limit` bytes (`size`: its reported size, or as much as was read).
    case tooLarge(path: String, size: Int64, limit: Int64)
    /// Reading it took longer than `seconds`.
    case tooSlow(path: String, seconds: TimeInterval)
    /// The copy could not be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): return "no file at \(path)"
        case .unreadable(let path, let reason): return "\(path) is not readable: \(reason)"
        case .notRegular(let path, let kind): return "\(path) is \(kind), not a file"
        case .tooLarge(let path, let size, let limit):
            return "\(path) is larger than the limit of \(limit) bytes (\(size) bytes read or reported)"
        case .tooSlow(let path, let seconds):
            return "reading \(path) took longer than the limit of \(seconds.formatted()) s; it was abandoned"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}
