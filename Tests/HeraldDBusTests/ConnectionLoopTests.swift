import Foundation
import Testing
import TestSupport
@testable import HeraldDBus

@Suite struct ConnectionLoopTests {
    /// Once the loop has ended, `perform` writes nothing: the wake pipe's descriptor numbers are
    /// free by then, and the next file opened (a database, a client's socket) may get them.
    @Test(.requiring("dbus-daemon")) func performAfterStopWritesNothing() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let dbus = try DBusLibrary.load()
        let loop = try DBusConnectionLoop.connect(dbus, address: bus.address)
        loop.start()
        let ran = Counter()
        loop.perform { ran.add() }
        loop.stop()
        #expect(ran.value == 1)

        // A pipe whose write end has the number the wake pipe's had (free again, unless another
        // test took it meanwhile: then nothing is checked).
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let reused = fcntl(loop.wakeWrite, F_GETFD) == -1 && dup2(fds[1], loop.wakeWrite) == loop.wakeWrite
        defer { if reused { close(loop.wakeWrite) } }
        loop.perform { ran.add() }
        var byte: UInt8 = 0
        #expect(read(fds[0], &byte, 1) < 0, "perform wrote into a descriptor the loop had closed")
        #expect(ran.value == 1)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
