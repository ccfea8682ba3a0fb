import Foundation
@testable import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The daemon opens its store without the retention pass and has the engine apply it once it
/// serves: the history past the limits is found on a connection of its own (beside the writer)
/// and removed a step at a time, the engine's counts and the user interfaces' rows moved with it.
@Suite struct RetentionOnceServingTests {
    static let app = "com.example.calendar"

    private func open(_ fixture: StoreFixture, _ policy: RetentionPolicy) throws -> SQLiteStore {
        var options = SQLiteStoreOptions(synchronous: .normal, retention: policy, applyRetentionOnOpen: false)
        options.applyRetentionOnInsert = false
        return try fixture.open(options)
    }

    /// What the store really holds for the app.
    static func stored(_ store: SQLiteStore, _ app: String = app) throws -> HistoryCounts {
        HistoryCounts(unread: try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0, unreadOnly: true)),
                      total: try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0)))
    }

    @Test func pastRetentionIsFoundBesideTheWriterAndRemovedWithWhatWent() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: 2, maxAge: nil))
        let calendar = try (0..<5).map { try store.insertDelivered(RecordFixtures.delivered(identifier: "c\($0)")) }
        _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.mail", identifier: "m0"))
        var read = calendar[0]
        read.isRead = true
        try store.updateDelivered(read)

        // The writer has a transaction open with a newer row in it: the search does not see it
        // (nor wait for it), so the cap keeps the two newest committed rows.
        try store.beginCommitGroup()
        _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "c5"))
        let past = try store.deliveriesPastRetention(now: RecordFixtures.date)
        try store.commitGroup()
        #expect(past == calendar.prefix(3).map(\.deliveryID))

        // A response waiting for its app since: that row stays.
        _ = try store.insertResponse(ResponseRecord(notification: calendar[2], action: .open, date: RecordFixtures.date))
        let removal = try store.removePastRetention(ids: past)
        #expect(removal.deliveryIDs == calendar.prefix(2).map(\.deliveryID))
        #expect(removal.counts == [Self.app: HistoryCounts(unread: 1, total: 2)])
        #expect(try store.delivered(id: calendar[0].deliveryID) == nil)
        #expect(try store.delivered(id: calendar[2].deliveryID) != nil)
        #expect(try Self.stored(store) == HistoryCounts(unread: 4, total: 4))
        #expect(try Self.stored(store, "com.example.mail") == HistoryCounts(unread: 1, total: 1))
        #expect(try store.removePastRetention(ids: past) == HistoryRemoval())
    }

    @Test func theEngineAppliesItInStepsAndItsCountsFollow() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: 5, maxAge: nil))
        let rows = NotificationEngine.retentionStep + 12
        try store.batch {
            for n in 0..<rows { _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "c\(n)")) }
        }
        let oldest = try store.history(HistoryQuery(bundleIdentifier: Self.app, limit: 3, offset: rows - 3))
        for var record in oldest {
            record.isRead = true
            try store.updateDelivered(record)
        }
        let engine = try NotificationEngine(store: store, clock: ManualClock(now: RecordFixtures.date), prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        let events = EventRecorder()
        await engine.observe { events.record($0) }
        await engine.registerCommandLineApp(bundleIdentifier: Self.app)
        // A user interface has loaded the counts: the engine keeps them from now on.
        #expect(try await engine.historyCounts()[Self.app] == HistoryCounts(unread: rows - 3, total: rows))

        let removed = try await engine.applyRetention(now: RecordFixtures.date)
        #expect(removed == rows - 5)
        let truth = try Self.stored(store)
        #expect(truth == HistoryCounts(unread: 5, total: 5))
        #expect(await engine.keptCounts(of: Self.app) == truth)
        let announced = events.all.compactMap { event -> HistoryCounts? in
            if case .countsChanged(Self.app, let counts) = event { return counts }
            return nil
        }
        #expect(announced.count == 2, "one announcement per step")
        #expect(announced.last == truth)
        let deleted = events.all.flatMap { event -> [Int64] in
            if case .deleted(let ids) = event { return ids }
            return []
        }
        #expect(Set(deleted).count == rows - 5)
        for id in deleted.prefix(20) { #expect(try store.delivered(id: id) == nil) }
        #expect(try store.history(HistoryQuery(limit: 10)).map(\.identifier) == (rows - 5..<rows).reversed().map { "c\($0)" })
        #expect(try await engine.applyRetention(now: RecordFixtures.date) == 0)
    }
}
