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
/// daemon logs its commit groups on SIGUSR1 (`herald-bench` reports them the same way).
@Suite struct DaemonCommitGroupTests {
    @Test func postsReadInOneWakeUpShareOneCommit() async throws {
        let home = try TemporaryDirectory("herald-groups")
        defer { home.remove() }
        let socketPath = home.path + "/herald.sock"
        let log = home.path + "/daemon.log"
        let daemon = try ChildProcess(BuiltProducts.path("herald"), ["--home", home.path, "daemon", "--rate-limit", "0", "--no-dbus"],
                                      environment: ["HERALD_SOCKET": socketPath], streams: .logFile(log))
        do {
            try await check(daemon, socketPath: socketPath, log: log)
        } catch {
            await Self.stop(daemon)
            throw error
        }
        await Self.stop(daemon)
    }

    private func check(_ daemon: ChildProcess, socketPath: String, log: String) async throws {
        #expect(await eventually(timeout: 20) { FileManager.default.fileExists(atPath: socketPath) })
        let raw = try await eventuallyConnected(socketPath)
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        _ = try await raw.receive()
        try raw.send(Self.post(0))   // registers the app
        #expect(try await raw.receive()["id"] == 0)
        _ = try await Self.commitGroups(daemon, log: log, seen: 0)   // counts afresh from here

        // Twenty posts in one write: one read, one round of the loop.
        try raw.send((1...20).map(Self.post).joined(separator: "\n"))
        var answered: Set<Int> = []
        for _ in 1...20 {
            let reply = try await raw.receive()
            #expect(reply["error"] == nil)
            if case .int(let id) = reply["id"] { answered.insert(id) }
        }
        #expect(answered == Set(1...20))
        let line = try await Self.commitGroups(daemon, log: log, seen: 1)
        #expect(line.hasSuffix("largest 20"), "\(line)")
    }

    private static func stop(_ daemon: ChildProcess) async {
        daemon.signal(SIGKILL)
        _ = await offThePool { daemon.wait() }
    }

    private static func post(_ n: Int) -> String {
        let params = PostParams(bundleIdentifier: "com.example.groups",
                                request: RequestRecord(identifier: "g\(n)", content: ContentRecord(title: "Group \(n)")))
        let line = (try? RequestEnvelope(id: Int64(n), method: Methods.post.name, params: params).line()) ?? Data()
        return String(decoding: line, as: UTF8.self)
    }

    private func eventuallyConnected(_ path: String) async throws -> RawClient {
        for _ in 0..<200 {
            if let raw = try? RawClient(path) { return raw }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw TestFailure("the daemon did not answer on \(path)")
    }

    /// Sends SIGUSR1 and returns the daemon's next "commit groups: …" line (there were `seen`).
    private static func commitGroups(_ daemon: ChildProcess, log: String, seen: Int) async throws -> String {
        daemon.signal(SIGUSR1)
        for _ in 0..<400 {
            let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
                .split(separator: "\n").filter { $0.contains("commit groups: ") }
            if lines.count > seen, let line = lines.last { return String(line) }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw TestFailure("the daemon logged no commit groups")
    }
}
