import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Checkpoints run off the commit path (`WALCheckpointer`), and still keep the log bounded.
@Suite struct CheckpointTests {
    private func walBytes(_ fixture: StoreFixture) -> Int {
        let path = fixture.home.databaseURL.path + "-wal"
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    @Test func theLogIsCheckpointedInTheBackgroundAndRestarts() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var options = SQLiteStoreOptions()
        options.checkpointPages = 500
        let store = try fixture.open(options)
        // One commit each, like posts: without any checkpoint the log would only grow.
        let commits = 6_000
        for n in 0..<commits {
            _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "r\(n)", title: "Build \(n)"))
        }
        let pageSize = try #require(try store.connection.integer("PRAGMA page_size"))
        let unbounded = Int64(commits) * 3 * pageSize   // each commit writes three pages or more
        // Wait for the checkpoints the commits scheduled (no stopwatch: the checkpoint queue is
        // drained), then commit once more: a commit restarts the log once a checkpoint caught up.
        #expect(store.waitForBackgroundCheckpoints() > 0, "no checkpoint ran in the background")
        _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "last", title: "Build \(commits - 1)"))
        #expect(walBytes(fixture) < 2 * 4 * options.checkpointPages * Int(pageSize),
                "the log restarted instead of growing with every commit (\(unbounded) bytes without checkpoints)")
        #expect(try store.history(HistoryQuery(limit: 1)).first?.content.title == "Build \(commits - 1)")
    }
}
