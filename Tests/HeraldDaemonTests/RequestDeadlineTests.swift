import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// Every request has a deadline. One that runs past it is answered
/// `deadlineExceeded` (with its id, so the caller stops waiting), its late result is dropped,
/// and the connection keeps serving.
@Suite struct RequestDeadlineTests {
    @Test func aRequestPastItsDeadlineIsAnsweredDeadlineExceededAndTheConnectionServesOn() async throws {
        // The app's delegate never answers willPresent; the engine waits up to 8 s for it, the
        // post's deadline is 1 s.
        let center = try await InProcessCenter(appCallTimeout: 8) { $0.requestDeadline = 1 }
        defer { center.stop() }
        await center.engine.registerCommandLineApp(bundleIdentifier: "com.example.slow")
        let app = try RawClient(center.socketPath)
        try app.send(#"{"hello":{"protocol":1,"role":"app","bundleIdentifier":"com.example.slow"}}"#)
        _ = try await app.receive()
        try app.send(#"{"id":1,"method":"connect","params":{"bundleIdentifier":"com.example.slow"}}"#)
        _ = try await app.receive()
        try app.send(#"{"id":2,"method":"setForeground","params":{"bundleIdentifier":"com.example.slow","isForeground":true}}"#)
        _ = try await app.receive()

        let raw = try RawClient(center.socketPath)
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        _ = try await raw.receive()
        let post = try RequestEnvelope(id: 77, method: Methods.post.name, params: PostParams(bundleIdentifier: "com.example.slow",
            request: RequestRecord(identifier: "slow", content: ContentRecord(title: "Waits for the delegate")))).line()
        try raw.send(post + Data([0x0A]))
        let reply = try await raw.receive()
        #expect(reply["id"] == 77)
        #expect(reply["error"]?.objectValue?["reason"] == "deadlineExceeded")
        #expect(reply["error"]?.objectValue?["message"]?.stringValue?.contains("post did not finish within its deadline of 1 s") == true)
        // The same connection is still served.
        try raw.send(#"{"id":78,"method":"doNotDisturb"}"#)
        #expect(try await raw.receive()["id"] == 78)
    }
}
