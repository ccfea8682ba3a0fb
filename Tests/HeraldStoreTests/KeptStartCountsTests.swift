import Foundation
@testable import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// What a user interface reads at every start — every app's counts and the number of
/// notifications in the whole history — the engine answers from what it keeps once read, not
/// by counting the history again. After every kind of change to history (posts, a replacement,
/// the store's retention as rows arrive, reads, deletions, the retention pass, clearing) they
/// equal a fresh count of the store, rows of an app the center does not know included.
@Suite struct KeptStartCountsTests {
    static let mail = "com.example.mail"
    static let calendar = "com.example.calendar"
    static let chat = "com.example.chat"
    static let apps = [mail, calendar, chat]

    /// A fresh count of what the store holds for `app`.
    static func stored(_ store: SQLiteStore, _ app: String) throws -> HistoryCounts {
        HistoryCounts(unread: try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0, unreadOnly: true)),
                      total: try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0)))
    }

    static func expectKept(_ engine: NotificationEngine, _ store: SQLiteStore, _ step: String) async throws {
        let kept = try await engine.historyCounts()
        for app in apps {
            let fresh = try stored(store, app)
            #expect(kept[app, default: .zero] == fresh, "\(step): \(app) kept \(String(describing: kept[app])), the store holds \(fresh)")
        }
        let total = try await engine.historyCount(HistoryQuery())
        let freshTotal = try store.historyCount(HistoryQuery(limit: 0))
        #expect(total == freshTotal, "\(step): the whole history kept \(total), the store holds \(freshTotal)")
    }

    @Test func theCountsAUserInterfaceStartsWithStayExactAsHistoryChanges() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do {
            // Rows from before: more of Mail than its retention keeps, and an app the center no
            // longer knows (counted in the whole history only).
            let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: .unlimited, applyRetentionOnOpen: false))
            for n in 0..<9 { _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.mail, identifier: "m\(n)")) }
            for n in 0..<3 { _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.gone", identifier: "g\(n)")) }
        }
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: RetentionPolicy(maxPerApp: 6, maxAge: nil),
                                                        applyRetentionOnOpen: false))
        let engine = try NotificationEngine(store: store, clock: ManualClock(now: RecordFixtures.date), prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        for app in Self.apps { await engine.registerCommandLineApp(bundleIdentifier: app) }
        func post(_ app: String, _ identifier: String) async throws {
            try await engine.add(RequestRecord(identifier: identifier, content: ContentRecord(title: identifier)), bundleIdentifier: app)
        }
        try await Self.expectKept(engine, store, "first read")

        for n in 0..<8 { try await post(Self.calendar, "c\(n)") }   // past Calendar's 6: retention as rows arrive
        for n in 0..<2 { try await post(Self.chat, "t\(n)") }
        try await Self.expectKept(engine, store, "posts")
        try await post(Self.chat, "t1")   // the same identifier: replaces
        try await post(Self.mail, "m-new")   // Mail's oldest go to make room
        try await Self.expectKept(engine, store, "a replacement and retention")

        let calendarIDs = try store.history(HistoryQuery(bundleIdentifier: Self.calendar, limit: 10)).map(\.deliveryID)
        try await engine.markRead(deliveryIDs: Array(calendarIDs.prefix(3)), isRead: true)
        try await engine.markRead(deliveryIDs: [calendarIDs[0]], isRead: false)
        try await engine.respond(deliveryID: calendarIDs[4], action: .open)
        try await Self.expectKept(engine, store, "reads")

        // A repeated id and one that is not there count once and not at all.
        try await engine.deleteHistory(deliveryIDs: [calendarIDs[1], calendarIDs[1], calendarIDs[2], 999_999])
        try await Self.expectKept(engine, store, "deletions")

        try await engine.clearHistory(bundleIdentifier: Self.chat)
        try await post(Self.chat, "t2")
        try await Self.expectKept(engine, store, "one app cleared")
        try await engine.clearHistory(bundleIdentifier: nil)
        try await post(Self.mail, "m-last")
        try await Self.expectKept(engine, store, "everything cleared")
    }

    @Test func theRetentionPassMovesTheKeptTotal() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var options = SQLiteStoreOptions(synchronous: .normal, retention: RetentionPolicy(maxPerApp: 4, maxAge: nil),
                                         applyRetentionOnOpen: false)
        options.applyRetentionOnInsert = false
        let store = try fixture.open(options)
        for n in 0..<10 { _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.mail, identifier: "m\(n)")) }
        for n in 0..<7 { _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.gone", identifier: "g\(n)")) }
        let engine = try NotificationEngine(store: store, clock: ManualClock(now: RecordFixtures.date), prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        for app in Self.apps { await engine.registerCommandLineApp(bundleIdentifier: app) }
        try await Self.expectKept(engine, store, "first read")
        #expect(try await engine.historyCount(HistoryQuery()) == 17)
        // Mail's counts kept, the unknown app's not: the total moves by both.
        let removed = try await engine.applyRetention(now: RecordFixtures.date)
        #expect(removed == 9)
        try await Self.expectKept(engine, store, "the retention pass")
        #expect(try await engine.historyCount(HistoryQuery()) == 8)
    }
}
