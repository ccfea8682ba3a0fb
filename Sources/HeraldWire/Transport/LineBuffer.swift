import Foundation

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

    /// Adds bytes; returns the complete lines (and overflow reports) they finish.
    package mutating func append(_ bytes: Data) -> [Item] {
        var items: [Item] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                absorb(bytes[start...], into: &items)
                break
            }
            absorb(bytes[start..<newline], into: &items)
            if discarding {
                discarding = false
            } else {
                emit(into: &items)
            }
            pending.removeAll(keepingCapacity: true)
            start = bytes.index(after: newline)
        }
        return items
    }

    /// At end of stream: the last line if it had no newline.
    package mutating func finish() -> [Item] {
        guard !discarding else { return [] }
        var items: [Item] = []
        emit(into: &items)
        pending.removeAll()
        return items
    }

    private mutating func absorb(_ chunk: Data, into items: inout [Item]) {
        guard !discarding else { return }
        if pending.count + chunk.count > maximumLineLength {
            var head = pending.prefix(Self.headLength)
            if head.count < Self.headLength { head.append(chunk.prefix(Self.headLength - head.count)) }
            items.append(.tooLong(length: pending.count + chunk.count, head: Data(head)))
            pending.removeAll()
            discarding = true
        } else {
            pending.append(chunk)
        }
    }

    private func emit(into items: inout [Item]) {
        var line = pending
        if line.last == 0x0D { line.removeLast() }
        if !line.isEmpty { items.append(.line(line)) }
    }
}
