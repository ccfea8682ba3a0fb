import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes whole lines to a descriptor — a log, standard error — and never stops the process
/// over one: a write that fails (a full disk, `/dev/full`, a pipe nobody reads any more, a
/// descriptor that would block) drops the line and counts it. The next line that can be
/// written is preceded by one saying how many were dropped and why, so the log shows the gap.
///
/// (Foundation's `FileHandle.write(_:)` traps when the write fails: a daemon logging to a full
/// disk would die of its own log.)
///
/// ```swift
/// LineWriter.standardError.write("herald: listening on /run/user/1000/herald/herald.sock")
/// LineWriter.standardError.droppedLines   // 0 while the disk has room
/// ```
public final class LineWriter: Sendable {
    /// Standard error (descriptor 2).
    public static let standardError = LineWriter(descriptor: 2)

    private let descriptor: Int32
    private struct State {
        var dropped = 0
        var lastError: Int32 = 0
        /// The last write stopped part way: the next line starts on a line of its own.
        var brokeLine = false
    }
    private let state = Mutex(State())

    /// Writes to `descriptor` (which stays the caller's to close).
    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Lines dropped since this writer was made.
    public var droppedLines: Int { state.withLock { $0.dropped } }

    /// Writes `line` and a newline, in one `write` when the descriptor takes it; returns whether
    /// it was written. Lines from several threads never interleave.
    @discardableResult
    public func write(_ line: String) -> Bool {
        state.withLock { state in
            var text = line.hasSuffix("\n") ? line : line + "\n"
            if state.dropped > 0 {
                let plural = state.dropped == 1 ? "line" : "lines"
                text = "(\(state.dropped) log \(plural) dropped before this one: "
                    + "\(String(cString: strerror(state.lastError))))\n" + text
            }
            if state.brokeLine { text = "\n" + text }
            let (written, failure) = Self.writeAll(Array(text.utf8), to: descriptor)
            guard let failure else {
                state.dropped = 0
                state.brokeLine = false
                return true
            }
            state.dropped += 1
            state.lastError = failure
            state.brokeLine = state.brokeLine || written > 0
            return false
        }
    }

    /// Writes every byte, retrying on `EINTR`; returns how many were written and the error that
    /// stopped it, if any.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> (Int, Int32?) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return (offset, count == 0 ? EIO : errno)
            }
        }
        return (offset, nil)
    }
}
