import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Splits a byte stream into newline-terminated lines, with a length limit.
///
/// A line longer than `maximumLineLength` is discarded as it streams in (never buffered whole)
/// and reported once as `.tooLong`, with its first `headLength` bytes (where a request's `id`
/// is, so the refusal can answer it); reading resumes at the next newline. A trailing `\r` is
/// dropped, and empty lines are skipped.
///
/// ```swift
/// var buffer = LineBuffer(maximumLineLength: 1 << 20)
/// for item in buffer.append(Data("{\"a\":1}\n{\"b\"".utf8)) { … }   // one .line
/// ```
package struct LineBuffer: Sendable {
    /// One framing result.
    package enum Item: Sendable, Equatable {
        case line(Data)
        /// A line over the limit was dropped; `length` is how many bytes it had when dropped,
        /// `head` its first bytes.
        case tooLong(length: Int, head: Data)
    }

    /// How much of a dropped line is kept for its reply.
    static let headLength = 256

    /// The longest line accepted, in bytes, without the newline.
    package let maximumLineLength: Int
    private var pending = Data()
    private var discarding = false

    package init(maximumLineLength: Int) { self.maximumLineLength = maximumLineLength }

    /// The line being received, if one has begun and not ended: how many of its bytes are held
    /// (0 for a line over the limit, which is dropped as it streams in).
    package var partialLineBytes: Int? { discarding ? 0 : pending.isEmpty ? nil : pending.count }

    /// A held line's storage is kept for the next one up to this size; a larger one is freed.
    static let keptCapacity = 64 * 1024

    /// Adds bytes; returns the complete lines (and overflow reports) they finish.
    package mutating func append(_ bytes: Data) -> [Item] {
        var items: [Item] = []
        bytes.withUnsafeBytes { append($0, into: &items) }
        return items
    }

    /// Adds bytes straight from a read buffer, appending the lines they finish to `items`. A
    /// line that arrives whole in one read is copied once, from the buffer into its `Data`.
    /// Newlines are found with `memchr` (a byte-by-byte `firstIndex(of:)` over `Data` cost a
    /// daemon 4–7% of its time per post, in exclusivity checks).
    package mutating func append(_ bytes: UnsafeRawBufferPointer, into items: inout [Item]) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                absorb(UnsafeRawBufferPointer(rebasing: bytes[start...]), into: &items)
                break
            }
            let newline = base.distance(to: UnsafeRawPointer(found))
            let chunk = UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
            if discarding {
                discarding = false
            } else if pending.isEmpty && chunk.count <= maximumLineLength {
                emit(chunk, into: &items)
            } else {
                absorb(chunk, into: &items)
                if discarding {
                    discarding = false
                } else {
                    pending.withUnsafeBytes { emit($0, into: &items) }
                }
            }
            pending.removeAll(keepingCapacity: pending.count <= Self.keptCapacity)
            start = newline + 1
        }
    }

    /// At end of stream: the last line if it had no newline.
    package mutating func finish() -> [Item] {
        guard !discarding else { return [] }
        var items: [Item] = []
        pending.withUnsafeBytes { emit($0, into: &items) }
        pending.removeAll()
        return items
    }

    private mutating func absorb(_ chunk: UnsafeRawBufferPointer, into items: inout [Item]) {
        guard !discarding else { return }
        if pending.count + chunk.count > maximumLineLength {
            var head = pending.prefix(Self.headLength)
            if head.count < Self.headLength { head.append(contentsOf: chunk.prefix(Self.headLength - head.count)) }
            items.append(.tooLong(length: pending.count + chunk.count, head: Data(head)))
            pending.removeAll()
            discarding = true
        } else {
            pending.append(contentsOf: chunk)
        }
    }

    /// A finished line (without its newline): a trailing `\r` is dropped, an empty line skipped.
    private func emit(_ line: UnsafeRawBufferPointer, into items: inout [Item]) {
        var count = line.count
        if count > 0 && line[count - 1] == 0x0D { count -= 1 }
        if count > 0 { items.append(.line(Data(UnsafeRawBufferPointer(rebasing: line[..<count])))) }
    }
}
