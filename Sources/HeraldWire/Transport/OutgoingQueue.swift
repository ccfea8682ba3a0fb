import Foundation

/// Lines waiting to be written to a socket that is full, oldest first, with their total size.
/// A line shared by many queues (one event fanned out to every subscriber) is one buffer.
///
/// ```swift
/// var queue = OutgoingQueue()
/// queue.append(line)
/// try queue.write { try socket.writeAvailable($0) }   // as much as the socket takes
/// ```
struct OutgoingQueue: Sendable {
    private var lines: [Data] = []
    /// Where the first line's unwritten part starts.
    private var offset = 0
    /// Unwritten bytes.
    private(set) var byteCount = 0

    var isEmpty: Bool { byteCount == 0 }

    mutating func append(_ line: Data) {
        guard !line.isEmpty else { return }
        lines.append(line)
        byteCount += line.count
    }

    /// Drops everything; returns how many bytes that was.
    @discardableResult
    mutating func removeAll() -> Int {
        defer {
            lines = []
            offset = 0
            byteCount = 0
        }
        return byteCount
    }

    /// Writes from the front with `write` (which returns how many bytes it took, 0 when the
    /// socket is full) until the queue is empty or the socket is full.
    mutating func write(_ write: (UnsafeRawBufferPointer) throws -> Int) rethrows {
        var written = 0
        defer {
            lines.removeFirst(written)
            if lines.isEmpty { offset = 0 }
        }
        while written < lines.count {
            let line = lines[written]
            let count = try line.withUnsafeBytes { bytes in
                try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            byteCount -= count
            offset += count
            guard offset == line.count else { return }
            offset = 0
            written += 1
        }
    }
}
