import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

/// On the SQLite store: a request the app replaces or removes while its fired delivery waits for
/// the app's `willPresent` stays replaced or removed after a restart, and the fired delivery is
/// kept.
@Suite struct PendingFiredWhileChangedTests {
    private let app = "com.example.reminders"
    private let start = RecordFixtures.date

    private func request(_ identifier: String, title: String, seconds: Double, repeats: Bool) -> RequestRecord {
        RequestRecord(identifier: identifier, content: ContentRecord(title: title, body: "Body of \(title)"),
                      trigger: .timeInterval(seconds: seconds, repeats: repeats))
    }

    /// Adds `first`, fires it at `start + 60` with `meanwhile` run while its delivery waits for
    /// the app, commits, and returns an engine started afresh on the same files, with its store.
    private func fire(_ first: RequestRecord, fixture: StoreFixture,
                      meanwhile: @escaping @Sendable (NotificationEngine) async throws -> Void)
        async throws -> (NotificationEngine, SQLiteStore) {
        do {
            let clock = ManualClock(now: start)
            let engine = try NotificationEngine(store: try fixture.open(), clock: clock, prompter: FakePrompter(),
                                                attachmentsDirectory: fixture.home.attachmentsDirectory,
                                                configuration: EngineConfiguration(delegateTimeout: 3600))
            await engine.registerCommandLineApp(bundleIdentifier: app)
            let connection = HeldAppConnection()
            await engine.connect(connection, bundleIdentifier: app)
            await engine.setForeground(true, bundleIdentifier: app)
            try await engine.add(first, bundleIdentifier: app)
            clock.advance(by: 60)
            let firing = Task { await engine.fireDue() }
            await connection.waitForCall()
            try await meanwhile(engine)
            connection.answer(.options([.list]))
            await firing.value
            try await engine.commitPendingWrites()
        }
        let store = try fixture.open()
        let engine = try NotificationEngine(store: store, clock: ManualClock(now: start.addingTimeInterval(60)),
                                            prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        return (engine, store)
    }

    private func deliveredTitles(_ store: SQLiteStore) throws -> [String] {
        try store.history(HistoryQuery(bundleIdentifier: app)).map(\.request.content.title)
    }

    @Test func aOneShotReplacedWhileItsDeliveryWaitsIsPendingAfterARestart() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let app = self.app
        let replacement = request("x", title: "new", seconds: 600, repeats: false)
        let (engine, store) = try await fire(request("x", title: "old", seconds: 60, repeats: false),
                                             fixture: fixture) { engine in
            try await engine.add(replacement, bundleIdentifier: app)
        }
        #expect(await engine.pendingRequests(bundleIdentifier: app).map(\.content.title) == ["new"])
        #expect(try store.loadPending().map(\.request.content.title) == ["new"])
        #expect(try deliveredTitles(store) == ["old"])
    }

    @Test func aRepeatingRequestReplacedWhileItsDeliveryWaitsIsPendingAfterARestart() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let app = self.app
        let replacement = request("r", title: "new", seconds: 600, repeats: true)
        let (engine, store) = try await fire(request("r", title: "old", seconds: 60, repeats: true),
                                             fixture: fixture) { engine in
            try await engine.add(replacement, bundleIdentifier: app)
        }
        #expect(await engine.pendingRequests(bundleIdentifier: app).map(\.content.title) == ["new"])
        #expect(try store.loadPending().map(\.nextFireDate) == [start.addingTimeInterval(660)])
        #expect(try deliveredTitles(store) == ["old"])
    }

    @Test func aRepeatingRequestRemovedWhileItsDeliveryWaitsStaysRemovedAfterARestart() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let app = self.app
        let (engine, store) = try await fire(request("r", title: "old", seconds: 60, repeats: true),
                                             fixture: fixture) { engine in
            await engine.removePendingRequests(identifiers: ["r"], bundleIdentifier: app)
        }
        #expect(await engine.pendingCount() == 0)
        #expect(try store.loadPending().isEmpty)
        #expect(try deliveredTitles(store) == ["old"])
    }
}
