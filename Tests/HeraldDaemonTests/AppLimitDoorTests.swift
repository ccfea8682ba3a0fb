import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// The socket door past the center's app limit: `post`, `add`, `push` and
/// `registerCommandLineApp` for a new app are refused with the sentence that names the limit; the
/// apps the center has post as before, and the daemon keeps serving. A real server and engine,
/// a real client on the socket.
@Suite struct AppLimitDoorTests {
    static func post(_ app: String) -> PostParams {
        PostParams(bundleIdentifier: app, request: RequestRecord(identifier: "\(app)-1", content: ContentRecord(title: app)))
    }

    @Test func everySocketCallForANewAppPastTheLimitIsRefusedNamingIt() async throws {
        let center = try await InProcessCenter(appLimit: 2)
        defer { center.stop() }
        let client = try await center.cli()
        defer { client.close() }
        for app in ["com.example.one", "com.example.two"] { _ = try await client.call(Methods.post, Self.post(app)) }

        func refusal(_ call: () async throws -> Void) async -> String? {
            do {
                try await call()
                return nil
            } catch {
                return "\(error)"
            }
        }
        let refusals = [
            await refusal { _ = try await client.call(Methods.post, Self.post("com.example.three")) },
            await refusal {
                _ = try await client.call(Methods.add, AddParams(bundleIdentifier: "com.example.three",
                                                                 request: RequestRecord(identifier: "x", content: ContentRecord(title: "x"))))
            },
            await refusal {
                _ = try await client.call(Methods.push, PushParams(payload: #"{"aps":{"alert":"x"}}"#,
                                                                   bundleIdentifier: "com.example.three", headers: PushHeaders()))
            },
            await refusal { _ = try await client.call(Methods.registerCommandLineApp, AppParams(bundleIdentifier: "com.example.three")) },
        ]
        for (n, text) in refusals.enumerated() {
            #expect(text?.contains("the center already has 2 apps, its limit") == true, "call \(n): \(text ?? "accepted")")
        }
        #expect(try await center.engine.apps().count == 2)

        _ = try await client.call(Methods.post, PostParams(bundleIdentifier: "com.example.one",
            request: RequestRecord(identifier: "again", content: ContentRecord(title: "again"))))
        #expect(try await center.engine.history(HistoryQuery(limit: 10)).count == 3)
    }
}
