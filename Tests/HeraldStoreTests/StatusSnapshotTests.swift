import Foundation
@testable import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// `NotificationEngine.statusSnapshot` answers from the unread counts and the newest unread
/// notification the engine keeps; after every change of history it says what the store says —
/// each app's unread count (apps with none left out) and the newest unread notification — on
/// the SQLite store (retention as rows arrive, retention steps, the background indexer moving
/// rows into its counters) and in memory (history newest first by date).
@Suite struct StatusSnapshotTests {
    /// An engine on a store, and what the store says.
    struct Center {
        let engine: NotificationEngine
        let store: any NotificationStore
        let clock: ManualClock
        let sqlite: SQLiteStore?
        let fixture: StoreFixture

        init(sqlite: Bool, retention: RetentionPolicy = .unlimited) throws {
            let fixture = try StoreFixture("herald-status-snapshot")
            let opened = sqlite ? try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: retention,
                                                                      applyRetentionOnOpen: false)) : nil
            try self.init(store: opened ?? InMemoryStore(), sqlite: opened, clock: ManualClock(now: RecordFixtures.date),
                          fixture: fixture)
        }

        private init(store: any NotificationStore, sqlite: SQLiteStore?, clock: ManualClock, fixture: StoreFixture) throws {
            self.store = store
            self.sqlite = sqlite
            self.clock = clock
            self.fixture = fixture
            engine = try NotificationEngine(store: store, clock: clock, prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        }

        /// A new engine on the same store, as after a restart: it has counted nothing yet.
        func reopened() throws -> Center {
            try Center(store: store, sqlite: sqlite, clock: clock, fixture: fixture)
        }

        func post(_ app: String, _ identifier: String, title: String? = nil) async throws {
            clock.advance(by: 1)
            try await engine.add(RequestRecord(identifier: identifier, content: ContentRecord(title: title ?? identifier)),
                                 bundleIdentifier: app)
        }

        /// Every delivery, newest first by id.
        func ids(_ app: String? = nil, unreadOnly: Bool = false) throws -> [Int64] {
            try store.history(HistoryQuery(bundleIdentifier: app, limit: 10_000, unreadOnly: unreadOnly))
                .map(\.deliveryID).sorted(by: >)
        }

        /// The snapshot agrees with the store: counts per app (and each app's count of unread
        /// rows), the newest unread notification, the names of those apps.
        func expectAgrees(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let snapshot = try await engine.statusSnapshot()
            let counts = try store.unreadCounts().filter { $0.value > 0 }
            #expect(snapshot.unread == counts, "\(step): unread", sourceLocation: sourceLocation)
            for (app, count) in snapshot.unread {
                let rows = try store.historyCount(HistoryQuery(bundleIdentifier: app, limit: 0, unreadOnly: true))
                #expect(rows == count, "\(step): \(app)'s unread rows", sourceLocation: sourceLocation)
            }
            let newest = try store.history(HistoryQuery(limit: 1, unreadOnly: true)).first
            #expect(snapshot.newestUnread?.deliveryID == newest?.deliveryID, "\(step): newest unread",
                    sourceLocation: sourceLocation)
            #expect(snapshot.newestUnread?.content == newest?.content, "\(step): newest unread's content",
                    sourceLocation: sourceLocation)
            #expect(snapshot.newestUnread?.isRead == newest?.isRead, sourceLocation: sourceLocation)
            var named = Set(snapshot.unread.keys)
            if let newest { named.insert(newest.bundleIdentifier) }
            #expect(Set(snapshot.names.keys) == named, "\(step): names", sourceLocation: sourceLocation)
        }

        func remove() { fixture.remove() }
    }

    static let a = "com.example.a", b = "com.example.b", c = "com.example.c"

    @Test(arguments: [true, false])
    func snapshotFollowsPostsReadsRemovalsReplacementsAndClears(sqlite: Bool) async throws {
        let center = try Center(sqlite: sqlite)
        defer { center.remove() }
        for app in [Self.a, Self.b, Self.c] { await center.engine.registerCommandLineApp(bundleIdentifier: app) }
        try await center.expectAgrees("empty")
        for n in 0..<4 {
            try await center.post(Self.a, "a\(n)")
            try await center.post(Self.b, "b\(n)")
        }
        try await center.expectAgrees("posts")
        try await center.post(Self.c, "c0")
        try await center.expectAgrees("a post after a snapshot")

        // Read: the newest, then older ones; unread again, older and newest.
        let newest = try center.ids(unreadOnly: true)[0]
        try await center.engine.markRead(deliveryIDs: [newest], isRead: true)
        try await center.expectAgrees("the newest read")
        let bIDs = try center.ids(Self.b)
        try await center.engine.markRead(deliveryIDs: Array(bIDs.prefix(3)), isRead: true)
        try await center.expectAgrees("some of b read")
        try await center.engine.markRead(deliveryIDs: [bIDs[2]], isRead: false)
        try await center.expectAgrees("an older one unread again")
        try await center.engine.markRead(deliveryIDs: [newest], isRead: false)
        try await center.expectAgrees("the newest unread again")

        // Replaced: the newest by a newer one, an older one by a newer one.
        try await center.post(Self.c, "c0", title: "c0 again")
        try await center.expectAgrees("the newest replaced")
        try await center.post(Self.a, "a1", title: "a1 again")
        try await center.expectAgrees("an older one replaced")

        // Acted on, taken off the list, deleted.
        try await center.engine.respond(deliveryID: try center.ids(unreadOnly: true)[0], action: .open)
        try await center.expectAgrees("the newest acted on")
        await center.engine.removeDeliveredNotifications(identifiers: ["a2", "a3"], bundleIdentifier: Self.a)
        try await center.expectAgrees("taken off the list")
        try await center.engine.deleteHistory(deliveryIDs: [try center.ids(unreadOnly: true)[0]])
        try await center.expectAgrees("the newest unread deleted")
        try await center.engine.deleteHistory(deliveryIDs: Array(try center.ids(Self.b).suffix(2)))
        try await center.expectAgrees("older ones deleted")

        // Cleared: one app, then everything.
        try await center.engine.clearHistory(bundleIdentifier: Self.a)
        try await center.expectAgrees("a cleared")
        try await center.post(Self.a, "a9")
        try await center.expectAgrees("a posts again")
        try await center.engine.clearHistory(bundleIdentifier: nil)
        try await center.expectAgrees("all cleared")
        try await center.post(Self.b, "b9")
        try await center.expectAgrees("a post after all was cleared")
    }

    @Test(arguments: [true, false])
    func aDeliveryDatedBeforeTheNewestIsPlacedAsTheStoreOrdersHistory(sqlite: Bool) async throws {
        let center = try Center(sqlite: sqlite)
        defer { center.remove() }
        await center.engine.registerCommandLineApp(bundleIdentifier: Self.a)
        try await center.post(Self.a, "first")
        try await center.expectAgrees("one")
        // The clock goes back: one store puts the new delivery first (by id), the other last (by date).
        center.clock.set(center.clock.now().addingTimeInterval(-3_600))
        try await center.post(Self.a, "earlier")
        try await center.expectAgrees("dated before the newest")
        let ids = try center.ids()
        try await center.engine.markRead(deliveryIDs: ids, isRead: true)
        try await center.expectAgrees("all read")
        try await center.engine.markRead(deliveryIDs: [ids[1]], isRead: false)
        try await center.expectAgrees("one unread")
        try await center.engine.markRead(deliveryIDs: [ids[0]], isRead: false)
        try await center.expectAgrees("both unread")
    }

    @Test func snapshotFollowsRetentionAsRowsArriveAndTheIndexer() async throws {
        let center = try Center(sqlite: true, retention: RetentionPolicy(maxPerApp: 10, maxAge: nil))
        defer { center.remove() }
        for app in [Self.a, Self.b] { await center.engine.registerCommandLineApp(bundleIdentifier: app) }
        try await center.post(Self.b, "b0")
        try await center.expectAgrees("one")
        for n in 0..<8 { try await center.post(Self.a, "a\(n)") }
        // The oldest of a read, the newest unread one b's (older than every a): retention removes a mix.
        try await center.engine.markRead(deliveryIDs: Array(try center.ids(Self.a).suffix(3)), isRead: true)
        try await center.engine.markRead(deliveryIDs: Array(try center.ids(Self.a).prefix(8)), isRead: true)
        try await center.expectAgrees("a read")
        try await center.engine.markRead(deliveryIDs: Array(try center.ids(Self.a).prefix(8).suffix(2)), isRead: false)
        try await center.expectAgrees("a's oldest unread")
        for n in 8..<40 {
            try await center.post(Self.a, "a\(n)")
            if n % 7 == 0 { try await center.engine.markRead(deliveryIDs: [try center.ids(Self.a)[0]], isRead: true) }
        }
        #expect(try center.ids(Self.a).count <= 11)
        try await center.expectAgrees("a flooded past its limit")
        // The indexer moves the rows into its counters; reads and removals after it.
        try center.sqlite?.updateSearchIndex()
        try await center.expectAgrees("indexed")
        try await center.engine.markRead(deliveryIDs: Array(try center.ids(Self.a).prefix(2)), isRead: true)
        try await center.engine.deleteHistory(deliveryIDs: Array(try center.ids(Self.a).suffix(2)))
        try await center.post(Self.b, "b1")
        try center.sqlite?.updateSearchIndex()
        try await center.expectAgrees("read and deleted after indexing")
    }

    @Test func snapshotFollowsRetentionStepsOfAppsItNeverCounted() async throws {
        let first = try Center(sqlite: true, retention: RetentionPolicy(maxPerApp: nil, maxAge: 86_400))
        defer { first.remove() }
        for app in [Self.a, Self.b, Self.c] { await first.engine.registerCommandLineApp(bundleIdentifier: app) }
        for n in 0..<5 {
            try await first.post(Self.a, "a\(n)")
            try await first.post(Self.b, "b\(n)")
        }
        // A restart: the new engine has read no app's counts; its snapshot reads the unread counts once.
        let center = try first.reopened()
        try await center.expectAgrees("old posts, after a restart")
        center.clock.advance(by: 2 * 86_400)
        try await center.post(Self.c, "c0")
        try await center.engine.markRead(deliveryIDs: [try center.ids(Self.c)[0]], isRead: true)
        try await center.expectAgrees("a new post, read")
        let removed = try await center.engine.applyRetention(now: center.clock.now())
        #expect(removed == 10)
        try await center.expectAgrees("the old ones past retention")
        try await center.post(Self.a, "a9")
        try await center.expectAgrees("a new post after retention")
    }
}
