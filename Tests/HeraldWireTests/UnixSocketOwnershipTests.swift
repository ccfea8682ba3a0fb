import Foundation
@testable import HeraldWire
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A socket closes its descriptor once: a second `close()` (by another holder, or the same one
/// again) and any call after it must not reach a descriptor the process reused meanwhile.
@Suite struct UnixSocketOwnershipTests {
    /// A connected socket pair one end of which has exactly the number `descriptor` (free now),
    /// or `nil` when another thread of the test process took that number first.
    static func pair(reusing descriptor: Int32) -> (reused: Int32, peer: Int32)? {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        if ends[0] == descriptor { return (ends[0], ends[1]) }
        if ends[1] == descriptor { return (ends[1], ends[0]) }
        let moved = fcntl(ends[0], F_DUPFD_CLOEXEC, descriptor)
        Glibc.close(ends[0])
        guard moved == descriptor else {
            if moved >= 0 { Glibc.close(moved) }
            Glibc.close(ends[1])
            return nil
        }
        return (moved, ends[1])
    }

    @Test func aSecondCloseAndLaterCallsLeaveAReusedDescriptorAlone() throws {
        var attempts = 0
        while true {
            attempts += 1
            let socket = try UnixSocket.make()
            let holder = socket   // another holder of the same socket (a connection, a server's state)
            let number = socket.descriptor
            socket.close()
            guard let reused = Self.pair(reusing: number) else {
                try #require(attempts < 50, "descriptor \(number) was always taken by another thread")
                continue
            }
            defer {
                Glibc.close(reused.reused)
                Glibc.close(reused.peer)
            }
            _ = Glibc.write(reused.peer, "x", 1)

            holder.close()
            socket.close()
            #expect(fcntl(reused.reused, F_GETFD) >= 0, "a second close() closed descriptor \(number), reused meanwhile")
            var byte: UInt8 = 0
            #expect(throws: Errno(EBADF)) {
                _ = try withUnsafeMutableBytes(of: &byte) { try holder.read(into: $0) }
            }
            #expect(throws: Errno(EBADF)) { try [UInt8(1)].withUnsafeBytes { try holder.writeAll($0) } }
            #expect(holder.isClosed && holder.descriptor == -1)
            // The byte is still there: nothing read it through the closed socket.
            #expect(Glibc.read(reused.reused, &byte, 1) == 1 && byte == UInt8(ascii: "x"))
            return
        }
    }
}
