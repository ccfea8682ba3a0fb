import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// History reads are bounded (words, bytes, a deadline) and run beside the
/// writer, so a long search holds up no post.
@Suite struct HistoryReadTests {
    private func engine(_ fixture: StoreFixture, _ store: SQLiteStore) throws -> NotificationEngine {
        try NotificationEngine(store: store, clock: ManualClock(now: RecordFixtures.date), prompter: FakePrompter(),
                               attachmentsDirectory: fixture.home.attachmentsDirectory)
    }

    @Test func searchesOverTheWordOrByteLimitAreRefusedNamingIt() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let engine = try engine(fixture, try fixture.open())
        let words = Array(repeating: "word", count: 33).joined(separator: " ")
        await #expect { try await engine.history(HistoryQuery(search: words)) } throws: { error in
            "\(error)".contains("has 33 words; the limit is 32 words")
        }
        await #expect { try await engine.historyCount(HistoryQuery(search: String(repeating: "x", count: 2000))) } throws: {
            "\($0)".contains("is 2000 bytes; the limit is 1024 bytes")
        }
        await #expect { try await engine.history(HistoryQuery(limit: -1)) } throws: { "\($0)".contains("limit is -1") }
        #expect(try await engine.history(HistoryQuery(search: "one two three")).isEmpty)
    }

    @Test func aReadPastItsDeadlineIsStopped() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try store.batch {
            for n in 0..<3_000 {
                _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "n\(n)", title: "Build \(n) passed"))
            }
        }
        try store.updateSearchIndex()
        let reader = try #require(store.offWriterReader)
        #expect(throws: StoreError.self) {
            try reader.history(HistoryQuery(search: "build", limit: 1, offset: 2_999), deadline: Date())
        }
        #expect(try reader.history(HistoryQuery(search: "build", limit: 1), deadline: .distantFuture).count == 1)
    }

    /// The writer's lock is held by another thread until the read has returned: a read that
    /// waited for the writer never returns, and the time limit fails the test. (No clock
    /// decides: a full run can keep this test off the cooperative pool for many seconds.)
    @Test(.timeLimit(.minutes(1)))
    func historyIsReadWhileTheWriterIsBusy() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let engine = try engine(fixture, store)
        await engine.registerCommandLineApp(bundleIdentifier: "com.example.poster")
        try await engine.add(RequestRecord(identifier: "kept", content: ContentRecord(title: "Kept")),
                             bundleIdentifier: "com.example.poster")
        // A long write holds the writer's connection (as the engine does while it stores a
        // flood); a user interface's read must not wait for it.
        let holding = DispatchSemaphore(value: 0)
        let readDone = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread {
            store.access.withLock { _ in
                holding.signal()
                readDone.wait()
            }
            released.signal()
        }.start()
        await offThePool { holding.wait() }
        let page: Result<[DeliveredRecord], any Error>
        do { page = .success(try await engine.history(HistoryQuery(limit: 10))) } catch { page = .failure(error) }
        readDone.signal()
        await offThePool { released.wait() }
        #expect(try page.get().map(\.identifier) == ["kept"])
    }
}
