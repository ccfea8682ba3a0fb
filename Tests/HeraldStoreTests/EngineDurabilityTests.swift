import Foundation
import HeraldCore
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
}
