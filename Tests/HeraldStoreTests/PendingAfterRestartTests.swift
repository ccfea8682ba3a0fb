import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

/// What the engine does with the pending requests its start left in the SQLite store (read by key
/// when needed): replacing one deletes the files of the request it held, removing them takes
/// their files, location triggers fire whole, and requests due at the same instant fire in the
/// store's order — app, then identifier.
@Suite struct PendingAfterRestartTests {
    private let app = "com.example.reminders"
    private let start = RecordFixtures.date

    private func engine(_ fixture: StoreFixture, at date: Date) throws -> (NotificationEngine, ManualClock, SQLiteStore) {
        let clock = ManualClock(now: date)
        let store = try fixture.open()
        let engine = try NotificationEngine(store: store, clock: clock, prompter: FakePrompter(),
                                            attachmentsDirectory: fixture.home.attachmentsDirectory)
        return (engine, clock, store)
    }

    private func request(_ identifier: String, seconds: Double = 60, title: String? = nil) -> RequestRecord {
        RequestRecord(identifier: identifier,
                      content: ContentRecord(title: title ?? "Title \(identifier)", body: "Body of \(identifier)"),
                      trigger: .timeInterval(seconds: seconds, repeats: false))
    }

    /// A request with a picture attached (a file of its own, moved into the center's files).
    private func withPicture(_ identifier: String, fixture: StoreFixture, title: String) throws -> RequestRecord {
        let source = fixture.directory.url.appendingPathComponent("\(title).png")
        try Data(PNGEncoder.onePixel).write(to: source)
        var request = request(identifier, title: title)
        request.content.attachments = [try AttachmentValidator.validate(identifier: title, url: source)]
        return request
    }

    private func picturePath(_ engine: NotificationEngine, _ app: String) async -> String? {
        await engine.pendingRequests(bundleIdentifier: app).first?.content.attachments.first?.path
    }

    @Test func replacingAStoredRequestDeletesTheFilesOfTheOneItHeld() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let oldPath: String
        do {
            let (engine, _, _) = try engine(fixture, at: start)
            await engine.registerCommandLineApp(bundleIdentifier: app)
            try await engine.add(try withPicture("pic", fixture: fixture, title: "old"), bundleIdentifier: app)
            oldPath = try #require(await picturePath(engine, app))
        }
        #expect(FileManager.default.fileExists(atPath: oldPath))
        let (engine, clock, store) = try engine(fixture, at: start)
        try await engine.add(try withPicture("pic", fixture: fixture, title: "new"), bundleIdentifier: app)
        let newPath = try #require(await picturePath(engine, app))
        #expect(newPath != oldPath)
        #expect(!FileManager.default.fileExists(atPath: oldPath))
        #expect(FileManager.default.fileExists(atPath: newPath))
        #expect(await engine.pendingRequests(bundleIdentifier: app).map(\.content.title) == ["new"])
        clock.advance(by: 60)
        await engine.fireDue()
        #expect(try store.history(HistoryQuery(bundleIdentifier: app)).map(\.request.content.title) == ["new"])
    }

    @Test func removingAllStoredRequestsTakesTheirFiles() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path: String
        do {
            let (engine, _, _) = try engine(fixture, at: start)
            await engine.registerCommandLineApp(bundleIdentifier: app)
            try await engine.add(try withPicture("pic", fixture: fixture, title: "picture"), bundleIdentifier: app)
            try await engine.add(request("plain"), bundleIdentifier: app)
            path = try #require(await picturePath(engine, app))
        }
        let (engine, clock, store) = try engine(fixture, at: start)
        await engine.removeAllPendingRequests(bundleIdentifier: app)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(await engine.pendingCount() == 0)
        #expect(try store.loadPending().isEmpty)
        clock.advance(by: 60)
        await engine.fireDue()
        #expect(try store.history(HistoryQuery(bundleIdentifier: app)).isEmpty)
    }

    @Test func aStoredLocationTriggerFiresWholeWhenTheDeviceEnters() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let louvre = RegionRecord(identifier: "louvre", latitude: 48.8606, longitude: 2.3376, radius: 100,
                                  notifyOnEntry: true, notifyOnExit: false)
        let museum = RequestRecord(identifier: "museum", content: ContentRecord(title: "Museum", body: "You are here"),
                                   trigger: .location(louvre, repeats: false))
        do {
            let (engine, _, _) = try engine(fixture, at: start)
            await engine.registerCommandLineApp(bundleIdentifier: app)
            try await engine.add(museum, bundleIdentifier: app)
        }
        let loaded = try fixture.open().loadPendingForStart()
        #expect(loaded.contains { if case .stored(let stored) = $0 { stored.isLocationTriggered } else { false } })
        let (engine, _, store) = try engine(fixture, at: start)
        #expect(await engine.pendingRequests(bundleIdentifier: app) == [museum])
        await engine.moveDevice(to: 48.0, 2.0)
        await engine.moveDevice(to: 48.8606, 2.3376)
        #expect(try store.history(HistoryQuery(bundleIdentifier: app)).map(\.request) == [museum])
        #expect(await engine.pendingCount() == 0)
        #expect(try store.loadPending().isEmpty)
    }

    /// Decided for the start from the store's index: requests due at the same instant fire in
    /// app order, then identifier order (before a restart, in the order they were added).
    @Test func requestsDueAtTheSameInstantFireInAppOrderAfterARestart() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let added = [("com.example.b", "z"), ("com.example.b", "y"), ("com.example.c", "r"), ("com.example.a", "r")]
        do {
            let (engine, _, _) = try engine(fixture, at: start)
            for (app, identifier) in added {
                await engine.registerCommandLineApp(bundleIdentifier: app)
                try await engine.add(request(identifier), bundleIdentifier: app)
            }
        }
        let (engine, clock, store) = try engine(fixture, at: start)
        clock.advance(by: 60)
        await engine.fireDue()
        let fired = try store.history(HistoryQuery()).reversed().map { "\($0.bundleIdentifier) \($0.identifier)" }
        #expect(fired == ["com.example.a r", "com.example.b y", "com.example.b z", "com.example.c r"])
        #expect(try store.history(HistoryQuery()).allSatisfy { $0.request.content.body == "Body of \($0.identifier)" })
    }
}
