import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Checkpoints run off the commit path (`WALCheckpointer`), and still keep the log bounded.
@Suite struct CheckpointTests {
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
        // No stopwatch: the checkpoint queue is drained, then the log's size after the latest
        // commit says whether it restarted from the top (without checkpoints it would hold at
        // least three pages per commit).
        let drained = store.waitForBackgroundCheckpoints()
        #expect(drained.completed > 0, "no checkpoint ran in the background")
        #expect(drained.latestLogPages < Int32(commits),
                "the log holds \(drained.latestLogPages) pages: it grew with every commit instead of restarting")
        #expect(try store.history(HistoryQuery(limit: 1)).first?.content.title == "Build \(commits - 1)")
    }
}
