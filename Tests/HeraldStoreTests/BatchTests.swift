import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct BatchTests {
    struct Boom: Error {}

    @Test func aBatchCommitsEverythingOnce() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let ids = try store.batch {
            try (0..<10).map { n in try store.insertDelivered(RecordFixtures.delivered(identifier: "n\(n)")).deliveryID }
        }
        #expect(ids.count == 10)
        #expect(try fixture.open().historyCount(HistoryQuery()) == 10)
    }

    @Test func aThrowingBatchLeavesNothingBehind() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        #expect(throws: Boom.self) {
            try store.batch {
                try store.savePending(RecordFixtures.pending())
                _ = try store.insertDelivered(RecordFixtures.delivered())
                throw Boom()
            }
        }
        #expect(try store.loadPending().isEmpty)
        #expect(try store.historyCount(HistoryQuery()) == 0)
    }

    @Test func nestedBatchesJoinTheOuterAndAFailedInnerOneRollsBackAlone() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try store.batch {
            try store.savePending(RecordFixtures.pending(identifier: "outer"))
            try store.batch { try store.savePending(RecordFixtures.pending(identifier: "inner")) }
            // Inside the batch, a second connection does not see anything yet.
            let reader = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
            #expect(try reader.loadPending().isEmpty)
            try? store.batch {
                try store.savePending(RecordFixtures.pending(identifier: "failed"))
                throw Boom()
            }
        }
        #expect(try fixture.open().loadPending().map(\.request.identifier).sorted() == ["inner", "outer"])
    }

    @Test func theStoreIsUsableFromSeveralTasks() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for n in 0..<25 { _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "t\(task)-\(n)")) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.historyCount(HistoryQuery()) == 100)
    }
}
