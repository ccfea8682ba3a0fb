import Foundation
import Testing
@testable import HeraldWire

/// How queued lines reach the socket: lines queued together go out in one write, whatever the
/// socket takes at a time, in order and whole.
@Suite struct OutgoingQueueTests {
    private static func lines(_ count: Int) -> [Data] {
        (0..<count).map { Data("{\"id\":\($0),\"method\":\"post\"}\n".utf8) }
    }

    @Test func linesQueuedTogetherGoOutInOneWrite() {
        var queue = OutgoingQueue()
        let lines = Self.lines(16)
        for line in lines { queue.append(line) }
        var writes: [Data] = []
        queue.write { bytes in
            writes.append(Data(bytes))
            return bytes.count
        }
        #expect(writes.count == 1)
        #expect(writes.first == lines.reduce(Data(), +))
        #expect(queue.isEmpty)
    }

    @Test func aSocketTakingLittleAtATimeGetsEveryByteInOrder() {
        var queue = OutgoingQueue()
        let lines = Self.lines(40)
        for line in lines { queue.append(line) }
        var written = Data()
        var full = false
        // Seven bytes a write, and a full socket every fifth write: the rest waits for room.
        var calls = 0
        while !queue.isEmpty {
            queue.write { bytes in
                calls += 1
                full = calls % 5 == 0
                if full { return 0 }
                let count = min(7, bytes.count)
                written.append(Data(bytes.prefix(count)))
                return count
            }
            #expect(queue.byteCount == lines.reduce(0) { $0 + $1.count } - written.count)
        }
        #expect(written == lines.reduce(Data(), +))
    }

    @Test func aLineOverTheJoinedSizeIsWrittenOnItsOwn() {
        var queue = OutgoingQueue()
        let big = Data(repeating: 0x61, count: OutgoingQueue.bytesPerWrite + 10) + Data([0x0A])
        let small = Self.lines(3)
        for line in small { queue.append(line) }
        queue.append(big)
        queue.append(small[0])
        var writes: [Int] = []
        var written = Data()
        queue.write { bytes in
            writes.append(bytes.count)
            written.append(Data(bytes))
            return bytes.count
        }
        #expect(writes == [small.reduce(0) { $0 + $1.count }, big.count, small[0].count])
        #expect(written == small.reduce(Data(), +) + big + small[0])
    }
}
