import Foundation
@testable import HeraldCore
import Synchronization
@testable import HeraldStore
import Testing
import TestSupport

/// The engine's start on SQLite reads pending requests from the fire-date index and leaves each
/// record in the store, read by key when it is needed: they still fire whole, are listed exactly
/// as they were added, survive further restarts, and a damaged one no longer stops the center.
@Suite struct PendingAtStartTests {
    private let app = "com.example.reminders"

    private func engine(_ fixture: StoreFixture, at date: Date,
                        reports: UnreadableReports? = nil) throws -> (NotificationEngine, ManualClock, SQLiteStore) {
        let clock = ManualClock(now: date)
        let store = try fixture.open()
        var configuration = EngineConfiguration()
        if let reports { configuration.unreadablePending = { reports.add($0) } }
        let engine = try NotificationEngine(store: store, clock: clock, prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory,
                                            configuration: configuration)
        return (engine, clock, store)
    }

    private func request(_ identifier: String, seconds: Double, repeats: Bool = false) -> RequestRecord {
        RequestRecord(identifier: identifier,
                      content: ContentRecord(title: "Title \(identifier)", subtitle: "sub", body: "Body of \(identifier)",
                                             userInfo: ["n": .int(7), "s": .string("x")], threadIdentifier: "thread"),
                      trigger: .timeInterval(seconds: seconds, repeats: repeats))
    }

    /// A first daemon's life on `fixture`: the app's `requests` added, then `afterward` with its
    /// engine and store (before they go, as at a restart). Returns what `afterward` returns.
    @discardableResult
    private func firstLife<T>(_ fixture: StoreFixture, at start: Date, adding requests: [RequestRecord],
                              afterward: (NotificationEngine, SQLiteStore) async throws -> T = { _, _ in () })
        async throws -> T {
        let (engine, _, store) = try engine(fixture, at: start)
        await engine.registerCommandLineApp(bundleIdentifier: app)
        for request in requests { try await engine.add(request, bundleIdentifier: app) }
        return try await afterward(engine, store)
    }

    @Test func storedRequestsAreReadFromTheIndexAndFireWholeAfterARestart() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let start = RecordFixtures.date
        let added = try await firstLife(fixture, at: start, adding: [
            request("once", seconds: 60), request("every", seconds: 120, repeats: true), request("later", seconds: 3_600),
        ]) { engine, _ in await engine.pendingRecords(bundleIdentifier: app) }
        #expect(added.count == 3)
        // The store hands them over without their records, soonest first.
        let loaded = try fixture.open().loadPendingForStart()
        #expect(loaded.count == 3)
        #expect(loaded.compactMap { if case .stored(let stored) = $0 { stored.identifier } else { nil } }
                    == ["once", "every", "later"])

        // Restarted: listed exactly as added (dates to the bit), then fired with their content.
        let (engine, clock, store) = try engine(fixture, at: start)
        #expect(await engine.pendingRecords(bundleIdentifier: app) == added)
        clock.advance(by: 60)
        await engine.fireDue()
        let history = try store.history(HistoryQuery(bundleIdentifier: app))
        #expect(history.map(\.request) == [request("once", seconds: 60)])
        clock.advance(by: 60)
        await engine.fireDue()
        #expect(try store.history(HistoryQuery(bundleIdentifier: app)).map(\.identifier) == ["every", "once"])
        let remaining = await engine.pendingRecords(bundleIdentifier: app)
        #expect(remaining.map(\.request.identifier) == ["every", "later"])
        #expect(remaining.first?.nextFireDate == start.addingTimeInterval(240))
        #expect(remaining.first?.request == request("every", seconds: 120, repeats: true))

        // And once more: what is left survives another restart as it was.
        let (again, _, _) = try self.engine(fixture, at: clock.now())
        #expect(await again.pendingRecords(bundleIdentifier: app) == remaining)
    }

    @Test func aStoredRequestReplacedOrRemovedAfterARestartGoesWhole() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let start = RecordFixtures.date
        try await firstLife(fixture, at: start, adding: [request("a", seconds: 60), request("b", seconds: 90)])
        let (engine, clock, store) = try engine(fixture, at: start)
        var replacement = request("a", seconds: 300)
        replacement.content.title = "Replaced"
        try await engine.add(replacement, bundleIdentifier: app)
        await engine.removePendingRequests(identifiers: ["b"], bundleIdentifier: app)
        clock.advance(by: 300)
        await engine.fireDue()
        #expect(try store.history(HistoryQuery(bundleIdentifier: app)).map(\.request.content.title) == ["Replaced"])
        #expect(await engine.pendingRecords(bundleIdentifier: app).isEmpty)
        #expect(try store.loadPending().isEmpty)
    }

    @Test func aDamagedStoredRequestIsReportedFiresOnceAsAStandInAndTheOthersFire() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let start = RecordFixtures.date
        try await firstLife(fixture, at: start, adding: [request("fine", seconds: 60), request("broken", seconds: 60)]) { _, store in
            try store.connection.execute("UPDATE pending SET record = '{\"bundleIdentifier\":' WHERE identifier = 'broken'")
        }
        let reports = UnreadableReports()
        let (engine, clock, store) = try engine(fixture, at: start, reports: reports)
        #expect(reports.all.isEmpty)   // (the start reads no record)
        let listed = await engine.pendingRecords(bundleIdentifier: app)
        #expect(listed.map(\.request.identifier).sorted() == ["broken", "fine"])
        #expect(reports.all.map(\.identifier) == ["broken"])
        #expect(reports.all.first?.bundleIdentifier == app)
        #expect(reports.all.first.map { "\($0)".contains("\"broken\" of \(app)") } == true)
        let standIn = try #require(listed.first { $0.request.identifier == "broken" })
        #expect(standIn.request.content.categoryIdentifier == UnreadablePending.categoryIdentifier)
        #expect(standIn.request.content.body.contains("broken"))
        clock.advance(by: 60)
        await engine.fireDue()
        let fired = try store.history(HistoryQuery(bundleIdentifier: app))
        #expect(fired.map(\.identifier).sorted() == ["broken", "fine"])
        #expect(fired.first { $0.identifier == "fine" }?.request == request("fine", seconds: 60))
        #expect(await engine.pendingRecords(bundleIdentifier: app).isEmpty)
        #expect(try store.loadPending().isEmpty)
        // And the center goes on.
        try await engine.add(request("next", seconds: 60), bundleIdentifier: app)
        clock.advance(by: 60)
        await engine.fireDue()
        #expect(try store.history(HistoryQuery(bundleIdentifier: app)).first?.request == request("next", seconds: 60))
    }

    @Test func aStoredRowGoneFromTheStoreIsReportedAndTheOthersFire() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let start = RecordFixtures.date
        try await firstLife(fixture, at: start, adding: [request("kept", seconds: 60), request("gone", seconds: 30)])
        let reports = UnreadableReports()
        let (engine, clock, store) = try engine(fixture, at: start, reports: reports)
        // Deleted behind the engine's back (another program on the file).
        try store.connection.execute("DELETE FROM pending WHERE identifier = 'gone'")
        clock.advance(by: 60)
        await engine.fireDue()
        #expect(reports.all.map(\.identifier) == ["gone"])
        #expect(reports.all.first?.reason.contains("no longer in the store") == true)
        let fired = try store.history(HistoryQuery(bundleIdentifier: app))
        #expect(fired.map(\.identifier) == ["kept", "gone"])
        #expect(fired.first?.request == request("kept", seconds: 60))
        #expect(fired.last?.request.content.categoryIdentifier == UnreadablePending.categoryIdentifier)
    }

    /// The start's read comes in `loadPending`'s order (fire date, then app and identifier;
    /// undated last, in the order they were scheduled): ties and undated rows included.
    @Test func theStartReadsInTheOrderOfLoadPending() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let base = RecordFixtures.date
        var generator = SeededGenerator(seed: 26)
        for n in 0..<300 {
            var record = RecordFixtures.pending(app: "com.example.app\(Int.random(in: 0..<5, using: &generator))",
                                                identifier: "r\(Int.random(in: 0..<1_000, using: &generator))-\(n)")
            // Few distinct dates, so ties are common; some undated.
            let fire = Int.random(in: 0..<8, using: &generator)
            record.nextFireDate = fire == 0 ? nil : base.addingTimeInterval(Double(fire) * 60)
            record.scheduledAt = base.addingTimeInterval(-Double(Int.random(in: 0..<3, using: &generator)))
            try store.savePending(record)
        }
        let expected = try store.loadPending().map { "\($0.bundleIdentifier) \($0.request.identifier)" }
        let started = try store.loadPendingForStart().map { loaded -> String in
            guard case .stored(let stored) = loaded else { return "decoded" }
            return "\(stored.bundleIdentifier) \(stored.identifier)"
        }
        #expect(started.count == 300)
        #expect(started == expected)
    }
}

/// The reports of unreadable pending requests an engine made (`EngineConfiguration.unreadablePending`).
final class UnreadableReports: Sendable {
    private let reports = Mutex<[UnreadablePending]>([])

    func add(_ report: UnreadablePending) { reports.withLock { $0.append(report) } }
    var all: [UnreadablePending] { reports.withLock { $0 } }
}
