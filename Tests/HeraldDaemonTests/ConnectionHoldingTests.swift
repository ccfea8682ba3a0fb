import Foundation
import HeraldCore
@testable import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Clients of the real daemon cannot hold what others need: half lines are given up (past the
/// budget for unfinished lines at once, the rest after the line timeout), and a full house of
/// idle clients makes room for a newcomer.
@Suite(.serialized) struct ConnectionHoldingTests {
    private static let hello = #"{"hello":{"protocol":1,"role":"cli"}}"#

    private func greeted(_ path: String, receiveTimeout seconds: Int = 10) async throws -> RawClient {
        let client = try RawClient(path)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(client.socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try client.send(Self.hello)
        #expect(try await client.receive()["hello"] != nil)
        return client
    }

    /// 48 clients each send 1 MB of a line and stop (48 MB against the 32 MiB budget): the
    /// oldest are told at once, the others when their line is 10 s old — nobody keeps a half line.
    @Test func halfLinesOfSlowClientsAreAllGivenUp() async throws {
        try await DaemonFixture.with { daemon in
            var clients: [RawClient] = []
            for n in 0..<48 {
                let client = try await greeted(daemon.socketPath, receiveTimeout: 40)
                let half = Data(#"{"id":\#(n),"method":"apps","params":{"pad":""#.utf8) + Data(repeating: 0x78, count: 1_000_000)
                try client.send(half)
                clients.append(client)
            }
            // Served meanwhile.
            let post = try await runBuiltProgram("herald", ["--home", daemon.home.path, "post", "--title", "Served"],
                                                 environment: daemon.appEnvironment(bundleIdentifier: "x"))
            #expect(post.status == 0, "\(post.stderr)")
            var told = 0
            for client in clients {
                if try await client.receiveErrorReason() == "incompleteLine" { told += 1 }
            }
            #expect(told == clients.count)
        }
    }

    /// 256 clients said hello and wait for nothing: the 257th — the real `herald post` — is
    /// served, and the client silent longest is told it made room.
    @Test func aNewcomerGetsInPastAFullHouseOfIdleClients() async throws {
        try await DaemonFixture.with { daemon in
            var clients: [RawClient] = []
            for _ in 0..<256 { clients.append(try await greeted(daemon.socketPath)) }
            let post = try await runBuiltProgram("herald", ["--home", daemon.home.path, "post", "--title", "Let in"],
                                                 environment: daemon.appEnvironment(bundleIdentifier: "x"))
            #expect(post.status == 0, "\(post.stderr)")
            let told = try await clients[0].receive()["error"]?.objectValue
            #expect(told?["reason"] == "tooManyConnections")
            #expect(told?["message"]?.stringValue?.contains("silent longest") == true)
        }
    }
}
