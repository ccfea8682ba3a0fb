import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// No client can hold the daemon's connections — a client that never
/// says hello is closed after the hello timeout, and past the connection limit a client is
/// refused with a clear error instead of waiting in line.
@Suite struct ConnectionLimitTests {
    @Test func aClientWithoutHelloIsClosedAfterTheTimeout() async throws {
        let center = try await InProcessCenter { $0.helloTimeout = 0.3 }
        defer { center.stop() }
        let silent = try RawClient(center.socketPath)
        let reply = try await silent.receive()   // bounded by RawClient's 10 s receive timeout
        #expect(reply["error"]?.objectValue?["reason"] == "helloTimeout")
        #expect(await eventually(timeout: 10) { center.server.connectionCount == 0 })
    }

    @Test func pastTheLimitAClientIsRefusedSayingSo() async throws {
        let center = try await InProcessCenter { $0.maximumConnections = 3 }
        defer { center.stop() }
        var clients: [IPCClient] = []
        for _ in 0..<3 { clients.append(try await center.cli()) }
        defer { clients.forEach { $0.close() } }
        let extra = try RawClient(center.socketPath)
        let refusal = try await extra.receive()["error"]?.objectValue
        #expect(refusal?["reason"] == "tooManyConnections")
        #expect(refusal?["message"]?.stringValue?.contains("already serves 3 connections") == true)
        // The ones admitted are still served.
        _ = try await clients[0].call(Methods.apps, Empty())
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
