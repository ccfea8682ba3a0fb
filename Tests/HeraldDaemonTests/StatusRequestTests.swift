import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// `status`: a status line's view of the center in one request — the unread counts (apps with
/// none left out), the names of only the apps it counts, the Focus that is on and the newest
/// unread notification; and `unreadCounts`, taken from the store's counters, agrees with
/// `historyCounts`. A real server and engine, a real client on the socket.
@Suite struct StatusRequestTests {
    static func post(_ app: String, _ identifier: String) -> PostParams {
        PostParams(bundleIdentifier: app, request: RequestRecord(identifier: identifier, content: ContentRecord(title: identifier)))
    }

    @Test func statusAnswersCountsNamesFocusAndTheNewestUnread() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let client = try await center.cli()
        defer { client.close() }
        for (app, identifier) in [("com.example.a", "a1"), ("com.example.b", "b1"), ("com.example.c", "c1"), ("com.example.a", "a2")] {
            _ = try await client.call(Methods.post, Self.post(app, identifier))
        }
        // An app with no history at all, and one whose notifications are all read.
        _ = try await client.call(Methods.registerCommandLineApp, AppParams(bundleIdentifier: "com.example.quiet"))
        let deadline = Date().addingTimeInterval(30)
        var delivered: [DeliveredRecord] = []
        while delivered.count < 4 && Date() < deadline {
            delivered = try await client.call(Methods.history, HistoryQuery(limit: 10))
            if delivered.count < 4 { try await Task.sleep(nanoseconds: 20_000_000) }
        }
        try #require(delivered.count == 4)
        let readC = delivered.filter { $0.bundleIdentifier == "com.example.c" }.map(\.deliveryID)
        _ = try await client.call(Methods.markRead, MarkReadParams(deliveryIDs: readC, isRead: true))
        _ = try await client.call(Methods.setDoNotDisturb, DoNotDisturbParams(isOn: true))

        let status = try await client.call(Methods.status, Empty())
        #expect(status.unread == ["com.example.a": 2, "com.example.b": 1])
        #expect(Set(status.names.keys) == ["com.example.a", "com.example.b"])
        #expect(status.newestUnread?.content.title == "a2")
        #expect(status.focus != nil)

        let unread = try await client.call(Methods.unreadCounts, Empty())
        let counts = try await client.call(Methods.historyCounts, Empty())
        #expect(unread == counts.compactMapValues { $0.unread > 0 ? $0.unread : nil })
        #expect(unread == status.unread)
    }

    @Test func statusOfAnEmptyCenterHasNothingUnreadAndNoFocus() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let client = try await center.cli()
        defer { client.close() }
        let status = try await client.call(Methods.status, Empty())
        #expect(status == StatusResult(unread: [:], names: [:], focus: nil, newestUnread: nil))
    }
}
