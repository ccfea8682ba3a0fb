import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// No client can hold the daemon's connections — a client that never says hello is closed
/// after the hello timeout; at the connection limit a silent or idle client makes room for the
/// newcomer, and only when every client has a request in flight is the newcomer refused, with a
/// clear error instead of waiting in line.
@Suite struct ConnectionLimitTests {
    @Test func aClientWithoutHelloIsClosedAfterTheTimeout() async throws {
        let center = try await InProcessCenter { $0.helloTimeout = 0.3 }
        defer { center.stop() }
        let silent = try RawClient(center.socketPath)
        let reply = try await silent.receive()   // bounded by RawClient's 10 s receive timeout
        #expect(reply["error"]?.objectValue?["reason"] == "helloTimeout")
        #expect(await eventually(timeout: 10) { center.server.connectionCount == 0 })
    }

    /// Clients that said hello and wait for nothing cannot lock out a newcomer: the one silent
    /// longest makes room and is told why; the others are still served.
    @Test func atTheLimitTheClientSilentLongestMakesRoomForTheNewcomer() async throws {
        let center = try await InProcessCenter { $0.maximumConnections = 3 }
        defer { center.stop() }
        var clients: [IPCClient] = []
        for _ in 0..<3 { clients.append(try await center.cli()) }
        defer { clients.forEach { $0.close() } }
        // The first one speaks last: the second is now silent longest.
        _ = try await clients[0].call(Methods.apps, Empty())
        let newcomer = try await center.cli()
        defer { newcomer.close() }
        _ = try await newcomer.call(Methods.apps, Empty())
        await #expect(throws: (any Error).self) { _ = try await clients[1].call(Methods.apps, Empty()) }
        _ = try await clients[0].call(Methods.apps, Empty())
        _ = try await clients[2].call(Methods.apps, Empty())
        #expect(center.server.connectionCount == 3)
    }

    @Test func whenEveryClientHasARequestInFlightTheNewcomerIsRefusedSayingSo() async throws {
        let center = try await InProcessCenter { $0.maximumConnections = 3 }
        defer { center.stop() }
        var clients: [IPCClient] = []
        for _ in 0..<3 { clients.append(try await center.cli()) }
        defer { clients.forEach { $0.close() } }
        // A `wait` each: answers owed, none of them may be closed.
        let waits = clients.map { client in
            Task { _ = try? await client.call(Methods.wait, WaitParams(bundleIdentifier: "make", identifier: "never")) }
        }
        defer { waits.forEach { $0.cancel() } }
        #expect(await eventually(timeout: 10) {
            center.server.state.withLock { $0.sessions.values.allSatisfy { $0.activity.hasRequestsInFlight } }
        })
        let extra = try RawClient(center.socketPath)
        let refusal = try await extra.receive()["error"]?.objectValue
        #expect(refusal?["reason"] == "tooManyConnections")
        #expect(refusal?["message"]?.stringValue?.contains("already serves 3 connections") == true)
        #expect(center.server.connectionCount == 3)
    }

    /// Silent clients at the limit cannot lock out one that says hello: the oldest silent one
    /// makes room, and is told why.
    @Test func atTheLimitTheOldestSilentClientMakesRoomForOneWithAHello() async throws {
        let center = try await InProcessCenter {
            $0.maximumConnections = 3
            $0.helloTimeout = 600   // (not what closes them here)
        }
        defer { center.stop() }
        var silent: [RawClient] = []
        for _ in 0..<3 {
            silent.append(try RawClient(center.socketPath))
            let expected = silent.count
            #expect(await eventually(timeout: 10) { center.server.connectionCount == expected })
        }
        let client = try await center.cli()
        defer { client.close() }
        _ = try await client.call(Methods.apps, Empty())
        let told = try await silent[0].receive()["error"]?.objectValue
        #expect(told?["reason"] == "tooManyConnections")
        #expect(told?["message"]?.stringValue?.contains("had not said hello") == true)
        #expect(center.server.connectionCount == 3)
    }
}
