import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// What one lone delivery costs the write-ahead log: each page a commit changes is a frame
/// (a header and the page), written and checksummed. A delivery changes the table's newest page,
/// the app index (`delivered_app`) and the identifier index (`delivered_in_list_by_identifier`):
/// three frames, and now and then a few more where a page splits (the new page, its parent, and
/// the first page, whose header holds the file's size): 3.47 a commit here. The date index this
/// schema dropped made it 4.47.
@Suite struct CommitFramesTests {
    @Test func aLoneDeliveryCommitsThreePagesAndTheOccasionalSplit() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var options = SQLiteStoreOptions(synchronous: .normal, applyRetentionOnOpen: false)
        options.applyRetentionOnInsert = false
        options.checkpointPages = 100_000   // no checkpoint restarts the log during the count
        let store = try fixture.open(options)
        // Two apps, as posts come: every commit holds one delivery.
        _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.mail", identifier: "warm-up"))
        let before = store.waitForBackgroundCheckpoints().latestLogPages
        let commits = 200
        for n in 0..<commits {
            let app = n % 2 == 0 ? "com.example.mail" : "com.example.build"
            _ = try store.insertDelivered(RecordFixtures.delivered(app: app, identifier: UUID().uuidString,
                                                                   title: "Build \(n)"))
        }
        let frames = Double(store.waitForBackgroundCheckpoints().latestLogPages - before) / Double(commits)
        #expect(frames >= 3, "\(frames) frames a commit: fewer pages than the table and its two indexes?")
        #expect(frames < 4, "\(frames) frames a commit: an index more than the table, the app and the identifier")
    }
}
