import Foundation
import HeraldCore
import HeraldSystem
@testable import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real daemon's event loop hands the posts it reads in one
/// wake-up to the engine together and commits them as one group, then acknowledges each. The
/// daemon answers `commitStatistics` with its commit groups (`herald-bench` reports them the
/// same way).
@Suite struct DaemonCommitGroupTests {
    @Test func postsReadInOneWakeUpShareOneCommit() async throws {
        try await DaemonFixture.with(DaemonOptions(["--rate-limit", "0"])) { daemon in
            try await check(socketPath: daemon.socketPath)
        }
    }

    private func check(socketPath: String) async throws {
        let raw = try RawClient(socketPath)
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        _ = try await raw.receive()
        try raw.send(Self.post(0))   // registers the app
        #expect(try await raw.receive()["id"] == 0)
        _ = try await Self.commitStatistics(raw, id: 100)   // counts afresh from here

        // Twenty posts in one write: one read, one round of the loop.
        try raw.send((1...20).map(Self.post).joined(separator: "\n"))
        var answered: Set<Int> = []
        for _ in 1...20 {
            let reply = try await raw.receive()
            #expect(reply["error"] == nil)
            if case .int(let id) = reply["id"] { answered.insert(id) }
        }
        #expect(answered == Set(1...20))
        let statistics = try await Self.commitStatistics(raw, id: 101)
        #expect(statistics.largest == 20, "\(statistics)")
        #expect(statistics.writes == 20, "\(statistics)")
    }

    private static func post(_ n: Int) -> String {
        let params = PostParams(bundleIdentifier: "com.example.groups",
                                request: RequestRecord(identifier: "g\(n)", content: ContentRecord(title: "Group \(n)")))
        let line = (try? RequestEnvelope(id: Int64(n), method: Methods.post.name, params: params).line()) ?? Data()
        return String(decoding: line, as: UTF8.self)
    }

    /// Asks the daemon for its commit groups since the last time (`commitStatistics`).
    private static func commitStatistics(_ raw: RawClient, id: Int64) async throws -> CommitGroupStatistics {
        let request = try RequestEnvelope(id: id, method: Methods.commitStatistics.name, params: Empty()).line()
        try raw.send(String(decoding: request, as: UTF8.self))
        let reply = try await raw.receive()
        guard reply["id"] == .int(Int(id)), let result = reply["result"] else {
            throw TestFailure("no commit statistics in \(reply)")
        }
        return try JSONDecoder().decode(CommitGroupStatistics.self, from: JSONEncoder().encode(result))
    }
}
