import Foundation
@testable import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The engine keeps each app's history counts (`HistoryCounts`) as it changes history; the
/// SQLite store's retention as rows arrive removes an app's oldest rows inside the insert. The
/// engine must hear of it, or its counts — and the badges user interfaces draw from
/// `.countsChanged` — drift away from what the store holds.
@Suite struct RetentionCountsTests {
    static let app = "com.example.flood"

    /// What the store really holds for the app.
    static func stored(_ store: SQLiteStore) throws -> HistoryCounts {
        HistoryCounts(unread: try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0, unreadOnly: true)),
                      total: try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0)))
    }

    @Test func countsFollowRetentionAsRowsArrive() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: RetentionPolicy(maxPerApp: 10, maxAge: nil),
                                                        applyRetentionOnOpen: false))
        let engine = try NotificationEngine(store: store, clock: ManualClock(now: RecordFixtures.date), prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        let events = EventRecorder()
        await engine.observe { events.record($0) }
        await engine.registerCommandLineApp(bundleIdentifier: Self.app)
        func post(_ n: Int) async throws {
            try await engine.add(RequestRecord(identifier: "n\(n)", content: ContentRecord(title: "Post \(n)")),
                                 bundleIdentifier: Self.app)
        }
        for n in 0..<8 { try await post(n) }
        // Some read, so the removed rows are a mix of read and unread.
        let firstIDs = try store.history(HistoryQuery(bundleIdentifier: Self.app, limit: 3)).map(\.deliveryID)
        try await engine.markRead(deliveryIDs: firstIDs, isRead: true)
        for n in 8..<40 { try await post(n) }

        let truth = try Self.stored(store)
        #expect(truth.total <= 11, "retention kept \(truth.total) rows of an app limited to 10")
        let announced = events.all.compactMap { event -> HistoryCounts? in
            if case .countsChanged(Self.app, let counts) = event { return counts }
            return nil
        }.last
        #expect(announced == truth, "the last .countsChanged said \(String(describing: announced)), the store holds \(truth)")
        #expect(await engine.keptCounts(of: Self.app) == truth)
        #expect(try await engine.historyCounts()[Self.app] == truth)
    }
}
