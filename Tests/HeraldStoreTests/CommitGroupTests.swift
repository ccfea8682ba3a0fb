import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// `beginCommitGroup` … `commitGroup`: writes of several calls become durable together.
@Suite struct CommitGroupTests {
    private func reader(_ fixture: StoreFixture) throws -> SQLiteStore {
        try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
    }

    @Test func writesOfAGroupAreInvisibleElsewhereUntilItCommits() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        #expect(store.prefersCommitGroups)
        try store.beginCommitGroup()
        try store.beginCommitGroup()   // joins the open group
        let first = try store.insertDelivered(RecordFixtures.delivered(identifier: "a", title: "First"))
        try store.batch { _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "b", title: "Second")) }
        try store.savePending(RecordFixtures.pending(identifier: "later"))
        // The same connection sees its own writes; another process does not, yet.
        #expect(try store.delivered(id: first.deliveryID)?.content.title == "First")
        #expect(try reader(fixture).historyCount(HistoryQuery()) == 0)
        try store.commitGroup()
        let other = try reader(fixture)
        #expect(try other.history(HistoryQuery()).map(\.content.title) == ["Second", "First"])
        #expect(try other.loadPending().map(\.request.identifier) == ["later"])
        try store.commitGroup()   // nothing open: a no-op
    }

    @Test func aFailedWriteInsideAGroupRollsBackAloneAndTheGroupStillCommits() throws {
        struct Boom: Error {}
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try store.beginCommitGroup()
        _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "kept", title: "Kept"))
        try? store.batch {
            _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "lost", title: "Lost"))
            throw Boom()
        }
        try store.commitGroup()
        #expect(try reader(fixture).history(HistoryQuery()).map(\.content.title) == ["Kept"])
    }

    @Test func searchesInsideAnOpenGroupSeeItsRows() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try store.beginCommitGroup()
        let row = try store.insertDelivered(RecordFixtures.delivered(title: "Lunch in the group"))
        #expect(try store.history(HistoryQuery(search: "lunch")).map(\.deliveryID) == [row.deliveryID])
        try store.commitGroup()
        #expect(try reader(fixture).history(HistoryQuery(search: "lunch")).map(\.deliveryID) == [row.deliveryID])
    }
}
