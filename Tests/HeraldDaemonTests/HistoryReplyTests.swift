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

/// History replies fit one line whatever is asked: notifications within the documented limits
/// (bodies of 64 KiB) never make a reply a client must drop, and a reply that cannot be read is
/// an error for its request, never a request left waiting.
@Suite struct HistoryReplyTests {
    static let body = String(repeating: "b", count: 60_000)

    /// Posts `count` notifications with 60 KB bodies as `com.example.big`; returns their ids, newest first.
    static func postLarge(_ count: Int, to center: InProcessCenter) async throws -> [String] {
        let client = try await center.cli()
        defer { client.close() }
        for n in 0..<count {
            let content = ContentRecord(title: "Big \(n)", body: body, userInfo: ["n": .int(n)])
            _ = try await client.call(Methods.post, PostParams(bundleIdentifier: "com.example.big",
                                                               request: RequestRecord(identifier: "big-\(n)", content: content)))
        }
        return (0..<count).reversed().map { "big-\($0)" }
    }

    @Test func theWholeHistoryComesInPagesThatEachFitALine() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let identifiers = try await Self.postLarge(40, to: center)   // 2.4 MB of history
        let client = try await center.cli()
        defer { client.close() }

        // Before, the whole history was one 2.4 MB line that the client dropped: the call waited forever.
        let first = try await withDeadline(Date().addingTimeInterval(30)) {
            try? await client.call(Methods.history, HistoryQuery(limit: HistoryQuery.pageLimit))
        }
        let page = try #require(first)
        #expect(page.count > 0 && page.count < 40, "\(page.count) rows in one reply")
        #expect(page.allSatisfy { $0.content.body == Self.body }, "history sends whole records")

        // Paging on from offset + count gives every row once, in order.
        var all = page
        while true {
            let next = try await client.call(Methods.history, HistoryQuery(limit: HistoryQuery.pageLimit, offset: all.count))
            if next.isEmpty { break }
            all += next
        }
        #expect(all.map(\.identifier) == identifiers)

        // Every reply line is within the limit, as a raw client reads it.
        let raw = try RawClient(center.socketPath)
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        _ = try await raw.receive()
        try raw.send(#"{"id":5,"method":"history","params":{"limit":1000000,"offset":0,"unreadOnly":false}}"#)
        let reply = try await raw.receive()
        #expect(reply["id"] == 5)
        #expect((reply["result"]?.arrayValue?.count ?? 0) > 0, "\(reply)")
        #expect(raw.longestLine <= LineConnection.maximumLineLength, "a reply of \(raw.longestLine) bytes")
    }

    @Test func theListsPageShortensLargeRecordsAndTheirWholeRecordComesByID() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let identifiers = try await Self.postLarge(40, to: center)
        let ui = try await center.ui()
        defer { ui.client.close() }

        let page = try await ui.historyPage(HistoryQuery(limit: 300))
        #expect(page.isComplete)
        #expect(page.records.map(\.identifier) == identifiers)
        #expect(Set(page.shortened) == Set(page.records.map(\.deliveryID)))
        for record in page.records {
            #expect(record.content.body.utf8.count <= HistoryListForm.bodyBytes)
            #expect(record.content.body.hasSuffix("…"))
            #expect(record.content.userInfo["n"] != nil, "a small userInfo stays in the list's form")
        }
        let id = try #require(page.shortened.first)
        let whole = try await ui.history(HistoryQuery(limit: 1, deliveryIDs: [id]))
        #expect(whole.first?.content.body == Self.body)

        // Small records go whole and are not listed as shortened.
        let client = try await center.cli()
        defer { client.close() }
        _ = try await client.call(Methods.post, PostParams(bundleIdentifier: "com.example.small",
                                                           request: RequestRecord(identifier: "small",
                                                                                  content: ContentRecord(title: "Small", body: "short"))))
        let small = try await ui.historyPage(HistoryQuery(bundleIdentifier: "com.example.small", limit: 300))
        #expect(small.records.map(\.content.body) == ["short"])
        #expect(small.shortened.isEmpty)
    }

    @Test func aListPageCutAtTheLineLimitSaysSoAndTheWindowGoesOn() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let client = try await center.cli()
        defer { client.close() }
        // 300 records of ~4 KB (under the list form's 8 KiB, so whole): 1.2 MB for one page.
        let body = String(repeating: "m", count: 3_600)
        for n in 0..<300 {
            _ = try await client.call(Methods.post, PostParams(bundleIdentifier: "com.example.many",
                request: RequestRecord(identifier: "m-\(n)", content: ContentRecord(title: "Many \(n)", body: body))))
        }
        let ui = try await center.ui()
        defer { ui.client.close() }
        let page = try await ui.historyPage(HistoryQuery(limit: 300))
        #expect(!page.isComplete)
        #expect(page.records.count > 100 && page.records.count < 300)
        let window = try await ui.historyWindow(HistoryQuery(limit: 300))
        #expect(window.records.map(\.identifier) == (0..<300).reversed().map { "m-\($0)" })
        #expect(window.records.allSatisfy { $0.content.body == body })
    }

    @Test func deliveredNotificationsAnswersTheNewestThatFit() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let identifiers = try await Self.postLarge(40, to: center)
        let client = try await center.cli()
        defer { client.close() }
        let delivered = try await withDeadline(Date().addingTimeInterval(30)) {
            try? await client.call(Methods.deliveredNotifications, AppParams(bundleIdentifier: "com.example.big"))
        }
        let records = try #require(delivered)
        #expect(records.count > 0 && records.count < 40)
        #expect(records.map(\.identifier) == Array(identifiers.prefix(records.count)))
    }

    /// A server that answers with a line over the limit (an older daemon): the call fails at
    /// once with the limit in its message instead of waiting forever.
    @Test func aReplyTooLongToReadFailsItsRequest() async throws {
        let directory = try TemporaryDirectory("herald-long-reply")
        defer { directory.remove() }
        let path = directory.path + "/s.sock"
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        defer { listener.close() }
        let server = Thread {
            guard let peer = try? listener.accept() else { return }
            var framing = LineBuffer(maximumLineLength: 1 << 20)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var requests = 0
            while requests < 2, let count = try? chunk.withUnsafeMutableBytes({ try peer.read(into: $0) }), count > 0 {
                for case .line(let line) in framing.append(Data(chunk[0..<count])) {
                    let text = String(decoding: line, as: UTF8.self)
                    var reply: String
                    if text.contains("\"hello\"") {
                        reply = #"{"hello":{"pid":1,"protocol":1,"server":"old"}}"#
                    } else {
                        requests += 1
                        let id = RequestIDScan.id(inHead: line) ?? 0
                        reply = #"{"id":\#(id),"result":[""# + String(repeating: "z", count: 2 << 20) + #""]}"#
                        if requests == 2 { reply = #"{"id":\#(id),"result":[]}"# }
                    }
                    try? Data((reply + "\n").utf8).withUnsafeBytes { try peer.writeAll($0) }
                }
            }
            Thread.sleep(forTimeInterval: 1)
            peer.close()
        }
        server.start()
        let client = try await IPCClient.connect(socketPath: path, hello: ClientHello(role: .ui))
        defer { client.close() }
        let outcome = try await withDeadline(Date().addingTimeInterval(30)) { () -> String in
            do {
                _ = try await client.call(Methods.history, HistoryQuery())
                return "answered"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome.contains("line limit of 1048576 bytes"), "\(outcome)")
        // The connection serves on.
        #expect(try await client.call(Methods.history, HistoryQuery()).isEmpty)
    }
}
