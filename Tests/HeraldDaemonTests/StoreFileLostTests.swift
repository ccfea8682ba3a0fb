import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport

/// The database's write-ahead log deleted under a running `herald daemon`: SQLite goes on
/// committing into the unlinked file, and what it holds is gone after a restart. The daemon
/// notices at its next commit, saves what it acknowledged into the database file, and refuses
/// every later post with an error that names the log — nothing acknowledged is lost.
@Suite("store files lost under a running daemon", .serialized)
struct StoreFileLostTests {
    static let app = "com.example.lost-log"

    @Test("after the log is deleted, posts are refused naming it, and every acknowledged one survives a restart")
    func deletedLogStopsAcknowledging() async throws {
        let first = try await DaemonFixture.start(DaemonOptions(["--rate-limit", "0"]))
        let client = try await IPCClient.connect(socketPath: first.socketPath, hello: ClientHello(role: .cli))
        var acknowledged: [String] = []
        var refusals: [String] = []
        func post(_ range: Range<Int>) async {
            for number in range {
                let identifier = "post-\(number)"
                let params = PostParams(bundleIdentifier: Self.app,
                                        request: RequestRecord(identifier: identifier, content: ContentRecord(title: "Post \(number)")))
                do {
                    _ = try await client.call(Methods.post, params)
                    acknowledged.append(identifier)
                } catch {
                    refusals.append("\(error)")
                }
            }
        }
        await post(0..<1_000)
        let log = first.home.path + "/herald.sqlite-wal"
        #expect(FileManager.default.fileExists(atPath: log))
        try FileManager.default.removeItem(atPath: log)
        await post(1_000..<3_000)
        client.close()
        await first.stop(removingHome: false)

        #expect(acknowledged.count >= 1_000)
        #expect(refusals.count >= 1_999, "acknowledged \(acknowledged.count) of 3,000")
        #expect(refusals.first?.contains("write-ahead log was deleted") == true, "\(refusals.first ?? "none refused")")
        #expect(refusals.first?.contains(log) == true)

        let second = try await DaemonFixture.start(home: first.home)
        let ui = try await second.ui()
        var kept: [String] = []
        while true {   // pages of 500: a reply stays well within the line limit
            let page = try await ui.history(HistoryQuery(bundleIdentifier: Self.app, limit: 500, offset: kept.count))
            kept += page.map(\.identifier)
            if page.count < 500 { break }
        }
        let posted = try await Self.postOne(second)
        await second.stop()
        let missing = Set(acknowledged).subtracting(kept)
        #expect(missing.isEmpty, "\(missing.count) of \(acknowledged.count) acknowledged posts lost; \(refusals.first ?? "")")
        #expect(posted, "the restarted daemon stores again")
    }

    /// Whether a post to `daemon` is acknowledged.
    static func postOne(_ daemon: DaemonFixture) async throws -> Bool {
        let client = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli))
        defer { client.close() }
        let params = PostParams(bundleIdentifier: app, request: RequestRecord(identifier: "after-restart",
                                                                              content: ContentRecord(title: "Again")))
        return (try? await client.call(Methods.post, params)) != nil
    }
}
