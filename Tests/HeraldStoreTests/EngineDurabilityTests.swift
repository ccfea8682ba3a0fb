import Foundation
import Synchronization
@testable import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The engine on SQLite acknowledges a delivery only once it is committed: concurrent posts
/// share commits (`NotificationEngine+CommitGroup.swift`), and one that cannot be stored fails.
@Suite struct EngineDurabilityTests {
    private func engine(_ fixture: StoreFixture, _ store: SQLiteStore) throws -> NotificationEngine {
        try NotificationEngine(store: store, clock: ManualClock(now: RecordFixtures.date), prompter: FakePrompter(),
                               attachmentsDirectory: fixture.home.attachmentsDirectory)
    }

    private func post(_ identifier: String) -> RequestRecord {
        RequestRecord(identifier: identifier, content: ContentRecord(title: "Post \(identifier)", body: "body"))
    }

    @Test func everyConcurrentPostIsCommittedWhenItsAddReturns() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let engine = try engine(fixture, store)
        await engine.registerCommandLineApp(bundleIdentifier: "com.example.poster")
        let reader = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    for n in 0..<25 {
                        let request = post("c\(client)-\(n)")
                        try await engine.add(request, bundleIdentifier: "com.example.poster")
                        // Acknowledged: another process must see it now.
                        let seen = try reader.history(HistoryQuery(bundleIdentifier: "com.example.poster", limit: 1_000))
                        #expect(seen.contains { $0.identifier == request.identifier })
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try reader.historyCount(HistoryQuery()) == 200)
    }

    /// The daemon's event loop holds commits while it hands one wake-up's posts to the engine:
    /// they share one commit, made at the release, and none is acknowledged before it.
    @Test func postsHandedOverUnderAHoldShareOneCommit() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let engine = try engine(fixture, store)
        await engine.registerCommandLineApp(bundleIdentifier: "com.example.poster")
        _ = await engine.takeCommitGroupStatistics()
        let reader = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
        engine.holdCommits()
        let requests = (0..<6).map { post("held-\($0)") }
        let posts = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for request in requests {
                    group.addTask { try await engine.add(request, bundleIdentifier: "com.example.poster") }
                }
                try await group.waitForAll()
            }
        }
        // Every post reaches the engine and waits there: none committed, none acknowledged.
        let deadline = Date().addingTimeInterval(60)
        while await engine.commitGroup.waiters.count < 6, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(try reader.historyCount(HistoryQuery()) == 0)
        await engine.releaseCommits()
        try await posts.value
        #expect(try reader.historyCount(HistoryQuery()) == 6)
        let statistics = await engine.takeCommitGroupStatistics()
        #expect(statistics.commits == 1)
        #expect(statistics.largest == 6)
    }

    @Test func aPostThatCannotBeStoredIsNotAcknowledged() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let engine = try engine(fixture, store)
        await engine.registerCommandLineApp(bundleIdentifier: "com.example.poster")
        try await engine.add(post("kept"), bundleIdentifier: "com.example.poster")
        // A page limit stands in for a full disk (the body is far more than the free pages left).
        let pages = try #require(try store.connection.integer("PRAGMA page_count"))
        try store.connection.executeScript("PRAGMA max_page_count = \(pages)")
        let big = RequestRecord(identifier: "lost",
                                content: ContentRecord(title: "Lost", body: String(repeating: "x", count: 60_000)))
        await #expect(throws: EngineError.self) {
            try await engine.add(big, bundleIdentifier: "com.example.poster")
        }
        #expect(try store.history(HistoryQuery()).map(\.identifier) == ["kept"])
    }

    /// A foreground app whose `willPresent` answers only when `release()` is called.
    final class GatedApp: AppConnection {
        private let gate = AsyncStream<Void>.makeStream()
        private let asked = Mutex(false)
        var isAsked: Bool { asked.withLock { $0 } }
        func release() { gate.continuation.finish() }
        func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
            asked.withLock { $0 = true }
            for await _ in gate.stream {}
            return .options([.banner, .list])
        }
        func didReceive(_ response: ResponseRecord) async {}
        func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
        func openSettings(for notification: DeliveredRecord?) async {}
    }

    @Test func aPostIsNotHeldUpByAnotherWaitingForItsDelegate() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let engine = try engine(fixture, store)
        let app = GatedApp()
        for bundle in ["com.example.fg", "com.example.bg"] { await engine.registerCommandLineApp(bundleIdentifier: bundle) }
        await engine.connect(app, bundleIdentifier: "com.example.fg")
        await engine.setForeground(true, bundleIdentifier: "com.example.fg")
        let slow = Task { try await engine.add(post("slow"), bundleIdentifier: "com.example.fg") }
        let deadline = Date().addingTimeInterval(10)
        while !app.isAsked, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(app.isAsked)
        // The slow request is inside `add`, waiting for its delegate: this one must not wait for it.
        try await engine.add(post("quick"), bundleIdentifier: "com.example.bg")
        let reader = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
        #expect(try reader.history(HistoryQuery()).map(\.identifier) == ["quick"])
        app.release()
        try await slow.value
        #expect(try reader.history(HistoryQuery()).map(\.identifier) == ["slow", "quick"])
    }
}
