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
    /// socket is full) until the queue is empty or the socket is full. Lines queued together go
    /// out together: up to `bytesPerWrite` of them are joined into one write, so a peer reading
    /// the other end wakes once for them, not once per line.
    mutating func write(_ write: (UnsafeRawBufferPointer) throws -> Int) rethrows {
        while !lines.isEmpty {
            joinFront()
            let line = lines[0]
            let count = try line.withUnsafeBytes { bytes in
                try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            byteCount -= count
            offset += count
            guard offset == line.count else { return }
            offset = 0
            lines.removeFirst()
        }
    }

    /// Bytes joined into one write at most (`write`); a longer line is written on its own.
    static let bytesPerWrite = 64 * 1024

    /// Joins the front lines (the first one's unwritten part and those after it, while they fit
    /// in `bytesPerWrite`) into one buffer.
    private mutating func joinFront() {
        guard lines.count > 1 else { return }
        var total = lines[0].count - offset
        var end = 1
        while end < lines.count, total + lines[end].count <= Self.bytesPerWrite {
            total += lines[end].count
            end += 1
        }
        guard end > 1 else { return }
        var joined = Data(capacity: total)
        joined.append(lines[0].dropFirst(offset))
        for line in lines[1..<end] { joined.append(line) }
        lines.replaceSubrange(0..<end, with: [joined])
        offset = 0
    }
}
