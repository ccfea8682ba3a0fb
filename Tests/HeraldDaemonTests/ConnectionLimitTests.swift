import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// Issue 12, item 3 (in part): no client can hold the daemon's connections — a client that never
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
}
