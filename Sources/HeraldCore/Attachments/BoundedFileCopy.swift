import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Copies a file reading at most `limit` bytes: the opened file must be a regular file of at
/// most `limit` bytes, and a copy that finds more (the file grew after it was checked) is
/// abandoned. The destination is created new (mode 0600); on failure it is removed.
enum BoundedFileCopy {
    static func copy(from source: String, to destination: String, limit: Int64) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(source, "cannot open it: \(String(cString: strerror(errno)))") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw UNError(.attachmentInvalidURL, detail: "url: \(source) is not a regular file")
        }
        guard Int64(info.st_size) <= limit else { throw tooLarge(source, limit) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw failure(source, "cannot create \(destination): \(String(cString: strerror(errno)))")
        }
        var copied: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        do {
            defer { close(output) }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw failure(source, "cannot read it: \(String(cString: strerror(errno)))") }
                if count == 0 { break }
                copied += Int64(count)
                guard copied <= limit else { throw tooLarge(source, limit) }
                try buffer.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < count {
                        let written = write(output, raw.baseAddress! + offset, count - offset)
                        if written < 0 && errno == EINTR { continue }
                        guard written > 0 else {
                            throw failure(source, "cannot write \(destination): \(String(cString: strerror(errno)))")
                        }
                        offset += written
                    }
                }
            }
        } catch {
            unlink(destination)
            throw error
        }
    }

    private static func failure(_ source: String, _ reason: String) -> UNError {
        UNError(.attachmentMoveIntoDataStoreFailed, detail: "could not copy \(source) into the data store: \(reason)")
    }

    private static func tooLarge(_ source: String, _ limit: Int64) -> UNError {
        UNError(.attachmentInvalidFileSize, detail: "file size: \(source) is over the limit of \(limit) bytes")
    }
}
