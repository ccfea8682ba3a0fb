import Foundation
@testable import HeraldSystem
@testable import HeraldWire
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// How a round of the daemon's `EventLoop` ends: what it sends to one client goes out in one
/// write at the end, and input that arrived while it ran joins it before `afterRound` (where the
/// daemon commits the round's posts).
@Suite("EventLoop rounds")
struct EventLoopRoundTests {
    /// A connected pair of stream sockets, close-on-exec.
    private static func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw Errno.current
        }
        return (fds[0], fds[1])
    }

    /// Reads from `fd` until `count` newlines came, waiting at most 10 s.
    private static func readLines(_ fd: Int32, count: Int) throws -> [String] {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        while bytes.count(where: { $0 == 0x0A }) < count {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard Date() < deadline, poll(&poller, 1, 100) >= 0 else { throw Errno(ETIMEDOUT) }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let read = recv(fd, &chunk, chunk.count, 0)
            guard read > 0 else { throw Errno(ECONNRESET) }
            bytes += chunk.prefix(read)
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("what a round sends to one client waits for the round's end, then arrives whole and in order")
    func outputOfARoundGoesOutAtItsEnd() async throws {
        let loop = try EventLoop(name: "test.flush")
        loop.start(tickInterval: 60, onTick: { false }, afterRound: {})
        defer { loop.stop() }
        let (ours, peer) = try Self.socketPair()
        defer { _ = close(peer) }
        let socket = UnixSocket(descriptor: ours)
        try socket.setNonBlocking()
        let connection = EventLoopConnection(socket: socket, loop: loop)
        defer { connection.close() }
        let peerHadBytes = Mutex<Bool?>(nil)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.execute {
                do {
                    try connection.start(onLine: { _ in }, onOverflow: {}, onClose: {})
                } catch {
                    Issue.record(error)
                }
                for word in ["one", "two", "three"] { connection.send(Data(word.utf8)) }
                var byte: UInt8 = 0
                peerHadBytes.withLock { $0 = recv(peer, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 }
                done.resume()
            }
        }
        #expect(peerHadBytes.withLock { $0 } == false)
        #expect(try Self.readLines(peer, count: 3) == ["one", "two", "three"])
        // Off the loop a message is written at once by the sender.
        connection.send(Data("four".utf8))
        var byte: UInt8 = 0
        #expect(recv(peer, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0)
        #expect(try Self.readLines(peer, count: 1) == ["four"])
    }

    @Test("input that arrives while a round runs is read before the round ends")
    func lateInputJoinsTheRound() async throws {
        let record = Mutex<[String]>([])
        let (first, firstPeer) = try Self.socketPair()
        let (second, secondPeer) = try Self.socketPair()
        defer { for fd in [first, firstPeer, second, secondPeer] { _ = close(fd) } }
        let loop = try EventLoop(name: "test.late")
        loop.start(tickInterval: 60, onTick: { false }, afterRound: { record.withLock { $0.append("after") } })
        defer { loop.stop() }
        @Sendable func drain(_ fd: Int32) {
            var chunk = [UInt8](repeating: 0, count: 64)
            _ = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        }
        try loop.register(first, interest: .readable) { _ in
            drain(first)
            record.withLock { $0.append("first") }
            // The second socket becomes readable while this round runs.
            _ = send(secondPeer, "x", 1, 0)
        }
        try loop.register(second, interest: .readable) { _ in
            drain(second)
            record.withLock { $0.append("second") }
        }
        _ = send(firstPeer, "x", 1, 0)
        let deadline = Date().addingTimeInterval(10)
        while !record.withLock({ $0.contains("second") && $0.last == "after" }), Date() < deadline {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        let events = record.withLock { $0 }
        let firstIndex = try #require(events.firstIndex(of: "first"))
        #expect(Array(events[firstIndex...].prefix(3)) == ["first", "second", "after"])
    }
}
