import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard output for a process that writes a line at a time to a reader that may go away.
enum StandardOutput {
    /// Writes `line` and a newline at once (no buffering: a status bar reads it now); `false`
    /// when nobody reads any more.
    static func writeLine(_ line: String) -> Bool {
        write(line + "\n")
    }

    /// Writes `text` at once; `false` when nobody reads any more.
    static func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Whether `descriptor` has something to read right now (without waiting).
    static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }
}
