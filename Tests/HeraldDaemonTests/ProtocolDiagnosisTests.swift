import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// A refused line's error names what is actually wrong, and a post that the
/// 64-pending limit leaves out says so in its reply.
@Suite struct ProtocolDiagnosisTests {
    private func message(_ raw: RawClient, _ line: String) async throws -> String {
        try raw.send(line)
        return try await raw.receive()["error"]?.objectValue?["message"]?.stringValue ?? "(no error)"
    }

    private func hello(_ raw: RawClient) async throws {
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        _ = try await raw.receive()
    }

    @Test func deepNestingInfiniteNumbersNULsAndHugeIntegersAreNamed() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let raw = try RawClient(center.socketPath)
        try await hello(raw)

        let deep = #"{"id":1,"method":"post","params":"# + String(repeating: "[", count: 600)
            + String(repeating: "]", count: 600) + "}"
        #expect(try await message(raw, deep).contains("nested more than 512 levels deep"))

        let infinite = #"{"id":2,"method":"setBadge","params":{"bundleIdentifier":"a.b","count":1e400}}"#
        #expect(try await message(raw, infinite).contains("the number 1e400"))

        let nul = "{\"id\":3,\"method\":\"apps\",\"params\":{\"x\":\"a\u{0}b\"}}"
        #expect(try await message(raw, nul).contains("raw control character (U+0000)"))

        let hugeID = #"{"id":123456789012345678901234567890,"method":"apps"}"#
        #expect(try await message(raw, hugeID).contains("id: 123456789012345678901234567890 does not fit a 64-bit integer"))

        let hugeCount = #"{"id":4,"method":"setBadge","params":{"bundleIdentifier":"a.b","count":123456789012345678901234567890}}"#
        #expect(try await message(raw, hugeCount).contains("count: 123456789012345678901234567890 does not fit"))


        // An escaped NUL is valid JSON; in an identifier the engine refuses it by name.
        let client = try await center.cli()
        defer { client.close() }
        let request = RequestRecord(identifier: "x\u{0}y", content: ContentRecord(title: "t"))
        do {
            _ = try await client.call(Methods.post, PostParams(bundleIdentifier: "a.b", request: request))
            Issue.record("an identifier with a NUL was accepted")
        } catch {
            #expect("\(error)".contains("identifier must not contain NUL"), "\(error)")
        }
    }

    @Test func aPostBeyondThePendingLimitSaysSo() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let client = try await center.cli()
        defer { client.close() }
        func post(_ n: Int, in seconds: TimeInterval) async throws -> PostResult {
            let request = RequestRecord(identifier: "r\(n)", content: ContentRecord(title: "R \(n)"),
                                        trigger: .timeInterval(seconds: seconds, repeats: false))
            return try await client.call(Methods.post, PostParams(bundleIdentifier: "com.example.full", request: request))
        }
        for n in 0..<64 {
            #expect(try await post(n, in: 3600 + Double(n)).warning == nil)
        }
        // Fires later than all 64: this one is the one left out, and the reply is an error.
        do {
            _ = try await post(64, in: 99_999)
            Issue.record("a post over the limit was acknowledged")
        } catch let error as WireError {
            #expect(error.reason == IPCProtocolReason.pendingLimit.rawValue)
            #expect(error.message.contains("the limit is 64 per app"))
        }
        // Fires sooner: accepted, and the reply names the request dropped to make room.
        let sooner = try await post(65, in: 60)
        #expect(sooner.dropped == ["r63"])
        #expect(sooner.warning?.contains("dropped the latest-firing r63") == true)
    }
}
