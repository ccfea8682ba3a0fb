import Foundation
import Synchronization
import Testing
import TestSupport
@testable import HeraldDBus

@Suite struct DBusConnectionTests {
    /// A connection served by an event loop (libdbus's watches on its epoll) answers calls that a
    /// client pipelines — many sent before any reply is read — including calls answered later,
    /// from a task that awaited something else first, in whatever order those finish.
    @Test(.requiring("dbus-daemon")) func answersPipelinedCallsOnTheEventLoop() async throws {
        let bus = try await offThePool { try PrivateBus() }
        defer { bus.stop() }
        let loop = try EventLoop(name: "test.dbus")
        loop.start(tickInterval: 3600, onTick: { false }, afterRound: {})
        defer { loop.stop() }
        let dbus = try DBusLibrary.load()
        let server = try DBusConnection.connect(dbus, address: bus.address, loop: loop)
        _ = try server.requestName(NotificationsInterface.busName, flags: 0)
        let probe = Probe()
        server.start(onMessage: { [server] message in
            let header = server.header(message)
            guard header.isMethodCall, header.member == "Notify" else { return false }
            probe.check(loop)
            let id = probe.next()
            let pending = server.keep(message)
            if id % 2 == 0 {
                server.reply(to: pending, .success([.uint32(id)]))
            } else {
                // Answered after an await, by a task that prefers the loop.
                Task(executorPreference: loop) {
                    try? await Task.sleep(nanoseconds: UInt64(id % 7) * 100_000)
                    probe.check(loop)
                    server.reply(to: pending, .success([.uint32(id)]))
                }
            }
            return true
        })
        defer { server.stop() }

        let ids = try await offThePool {
            let client = try DesktopNotificationsClient(address: bus.address)
            defer { client.close() }
            return try client.notifyPipelined(count: 500, window: 100, appName: "test", body: "") { "Call \($0)" }
        }
        #expect(ids.count == 500)
        #expect(Set(ids) == Set(1...500))
        #expect(probe.allOnLoop, "libdbus was called off the loop's thread")
    }

    /// Once stopped, the connection runs no more jobs handed to it (the connection is closed).
    @Test(.requiring("dbus-daemon")) func performAfterStopRunsNothing() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let dbus = try DBusLibrary.load()
        let connection = try DBusConnection.connect(dbus, address: bus.address)
        connection.start(onMessage: { _ in false })
        let probe = Probe()
        let done = DispatchSemaphore(value: 0)
        connection.perform {
            _ = probe.next()
            done.signal()
        }
        done.wait()
        connection.stop()
        connection.perform { _ = probe.next() }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(probe.count == 1)
        #expect(!connection.isOpen)
    }
}

/// Counts calls and notes whether each came on the loop's thread.
private final class Probe: Sendable {
    private let state = Mutex((count: UInt32(0), allOnLoop: true))

    func next() -> UInt32 {
        state.withLock { state in
            state.count += 1
            return state.count
        }
    }

    func check(_ loop: EventLoop) {
        let current = loop.isCurrent
        state.withLock { $0.allOnLoop = $0.allOnLoop && current }
    }

    var count: UInt32 { state.withLock { $0.count } }
    var allOnLoop: Bool { state.withLock { $0.allOnLoop } }
}
