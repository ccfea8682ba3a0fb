import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// A client that sends half a line and stops holds neither memory nor its connection for long:
/// a line must arrive whole within the line timeout, and the unfinished lines of all clients
/// fit in one budget (the oldest give way).
@Suite struct UnfinishedLineTests {
    private static let hello = #"{"hello":{"protocol":1,"role":"cli"}}"#

    private func greeted(_ center: InProcessCenter) async throws -> RawClient {
        let client = try RawClient(center.socketPath)
        try client.send(Self.hello)
        #expect(try await client.receive()["hello"] != nil)
        return client
    }

    /// `{"id":N,"method":"apps","params":{"pad":"xxx…` — a request cut before its end.
    private func halfRequest(id: Int, bytes: Int) -> Data {
        Data(#"{"id":\#(id),"method":"apps","params":{"pad":""#.utf8) + Data(repeating: 0x78, count: bytes)
    }

    @Test func halfALineIsGivenUpAfterTheLineTimeout() async throws {
        let center = try await InProcessCenter { $0.lineTimeout = 0.5 }
        defer { center.stop() }
        let client = try await greeted(center)
        try client.send(halfRequest(id: 1, bytes: 1000))
        let error = try await client.receive()["error"]?.objectValue
        #expect(error?["reason"] == "incompleteLine")
        #expect(error?["message"]?.stringValue?.contains("did not end within 0.5 s") == true)
        #expect(await eventually(timeout: 10) { center.server.connectionCount == 0 })
        #expect(center.server.partialLines.total == 0)
    }

    @Test func pastTheBudgetTheOldestUnfinishedLineIsGivenUpAndTheNewestServed() async throws {
        let center = try await InProcessCenter {
            $0.partialLineBudget = 1 << 20
            $0.lineTimeout = 600   // (not what ends them here)
        }
        defer { center.stop() }
        let stalled = try await greeted(center)
        try stalled.send(halfRequest(id: 1, bytes: 600_000))
        #expect(await eventually(timeout: 10) { center.server.partialLines.total > 600_000 })
        let honest = try await greeted(center)
        try honest.send(halfRequest(id: 2, bytes: 600_000))
        let error = try await stalled.receive()["error"]?.objectValue
        #expect(error?["reason"] == "incompleteLine")
        #expect(error?["message"]?.stringValue?.contains("1 MiB of unfinished lines") == true)
        #expect(center.server.partialLines.total <= 1 << 20)
        try honest.send(#""}}"#)
        let reply = try await honest.receive()
        #expect(reply["id"] == 2)
        #expect(reply["result"] != nil)
    }

    /// The budget on its own: the oldest lines give way until the rest fits.
    @Test func theBudgetGivesUpTheOldestLinesFirst() throws {
        let loop = try EventLoop(name: "test.budget")
        let budget = PartialLineBudget(limit: 100)
        let sockets = try (0..<3).map { _ in try UnixSocket.make() }
        defer { sockets.forEach { $0.close() } }
        let (a, b, c) = (EventLoopConnection(socket: sockets[0], loop: loop), EventLoopConnection(socket: sockets[1], loop: loop),
                         EventLoopConnection(socket: sockets[2], loop: loop))
        let start = Date()
        #expect(budget.record(a, bytes: 40, since: start).isEmpty)
        #expect(budget.record(b, bytes: 40, since: start.addingTimeInterval(1)).isEmpty)
        let over = budget.record(c, bytes: 90, since: start.addingTimeInterval(2))
        #expect(over.map(ObjectIdentifier.init) == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(budget.total == 90)
        #expect(budget.record(c, bytes: 0, since: start).isEmpty)
        #expect(budget.total == 0)
    }
}
