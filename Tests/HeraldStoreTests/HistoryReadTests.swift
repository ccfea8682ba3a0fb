import Foundation
import Synchronization
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

    @Test func historyIsReadWhileTheWriterIsBusy() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let engine = try engine(fixture, store)
        await engine.registerCommandLineApp(bundleIdentifier: "com.example.poster")
        try await engine.add(RequestRecord(identifier: "kept", content: ContentRecord(title: "Kept")),
                             bundleIdentifier: "com.example.poster")
        // A long write holds the writer's connection (as the engine does while it stores a
        // flood); a user interface's read must not wait for it.
        let released = Mutex(false)
        let holding = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let writer = Thread {
            store.lock.lock()
            holding.signal()
            _ = done.wait(timeout: .now() + 30)
            released.withLock { $0 = true }
            store.lock.unlock()
        }
        writer.start()
        holding.wait()
        let page = try await engine.history(HistoryQuery(limit: 10))
        let writerStillBusy = !released.withLock { $0 }
        done.signal()
        #expect(writerStillBusy, "the read waited for the writer")
        #expect(page.map(\.identifier) == ["kept"])
    }
}
