import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A request over the 1 MiB line limit fails promptly — `herald push` and
/// `herald post` report the limit and exit instead of waiting forever, and a raw client's
/// `lineTooLong` reply carries the id of the request it refuses.
@Suite struct OversizeRequestTests {
    /// Runs `herald ARGS…` against the daemon; kills it after `seconds` (then status is nil).
    private func herald(_ arguments: [String], daemon: DaemonFixture, seconds: Double = 30)
        async throws -> (status: Int32?, stderr: String) {
        let result = try await runProgram(BuiltProducts.path("herald"), ["--home", daemon.home.path] + arguments,
                                          environment: ["HERALD_SOCKET": daemon.socketPath, "HERALD_NO_SPAWN": "1"],
                                          killingAfter: seconds)
        return (result.status == 128 + SIGKILL ? nil : result.status, result.stderr)
    }

    @Test func pushAndPostOverTheLineLimitReportItAndExit() async throws {
        try await DaemonFixture.with { daemon in
            let file = daemon.home.path + "/big.apns"
            let filler = String(repeating: "x", count: 1_150_000)
            try Data(#"{"aps":{"alert":"Big"},"filler":"\#(filler)"}"#.utf8).write(to: URL(fileURLWithPath: file))
            let push = try await herald(["push", "--app", "com.example.big", file], daemon: daemon)
            #expect(push.status != nil, "herald push of 1.1 MB did not exit")
            #expect(push.status != 0)
            #expect(push.stderr.contains("line limit of 1048576 bytes"), "\(push.stderr)")

            var arguments = ["post", "--new-app", "com.example.big", "--title", "Big"]
            for n in 0..<10 { arguments += ["--info", "k\(n)=" + String(repeating: "y", count: 120_000)] }
            let post = try await herald(arguments, daemon: daemon)
            #expect(post.status != nil, "herald post of 1.2 MB did not exit")
            #expect(post.status != 0)
            #expect(post.stderr.contains("line limit of 1048576 bytes"), "\(post.stderr)")
        }
    }

    @Test func theRefusalOfARawOversizeLineCarriesItsID() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let raw = try RawClient(center.socketPath)
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        _ = try await raw.receive()
        try raw.send(#"{"id":41,"method":"post","params":{"x":""# + String(repeating: "z", count: (1 << 20) + 10) + #""}}"#)
        let reply = try await raw.receive()
        #expect(reply["id"] == 41)
        #expect(reply["error"]?.objectValue?["reason"] == "lineTooLong")
        // Still served afterwards.
        try raw.send(#"{"id":42,"method":"apps"}"#)
        #expect(try await raw.receive()["id"] == 42)
    }

    @Test func theIDIsReadFromTheHead() {
        #expect(RequestIDScan.id(inHead: Data(#"{"id":7,"method":"post","params":{"#.utf8)) == 7)
        #expect(RequestIDScan.id(inHead: Data(#"{"id" : 12 ,"#.utf8)) == 12)
        #expect(RequestIDScan.id(inHead: Data(#"{"id":12"#.utf8)) == nil)   // may go on
        #expect(RequestIDScan.id(inHead: Data(#"{"method":"post","params":{"#.utf8)) == nil)
        #expect(RequestIDScan.id(inHead: Data("xxxx".utf8)) == nil)
    }
}
