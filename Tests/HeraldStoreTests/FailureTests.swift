import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct FailureTests {
    private func expectStoreError(_ body: () throws -> Void, _ check: (StoreError) -> Bool,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected a StoreError", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            #expect(check(error), "got \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a StoreError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aCorruptFileIsReportedAndLeftAlone() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: fixture.home.databaseURL)
        expectStoreError({ _ = try fixture.open() }) { error in
            guard case .corrupt(let path, _) = error else { return false }
            return path == fixture.home.databaseURL.path && error.description.contains("move it aside")
        }
        #expect(try Data(contentsOf: fixture.home.databaseURL) == garbage)   // never a silent reset
    }

    @Test func aDamagedPageIsReportedAsCorrupt() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do {
            let store = try fixture.open()
            try store.batch { for _ in 0..<200 { _ = try store.insertDelivered(RecordFixtures.delivered()) } }
            try store.connection.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // Overwrite every page but the first (the header and the schema) with garbage.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: fixture.home.databaseURL.path)[.size] as? Int)
        let handle = try FileHandle(forWritingTo: fixture.home.databaseURL)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: max(0, size - 4096)))
        try handle.close()
        expectStoreError({
            let store = try fixture.open()
            _ = try store.history(HistoryQuery(limit: 1000))
        }) { if case .corrupt = $0 { return true } else { return false } }
    }

    @Test func aNewerSchemaIsRefused() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do { _ = try fixture.open() }
        let connection = try SQLiteConnection(path: fixture.home.databaseURL.path, access: .readWrite, busyTimeout: 1)
        try connection.executeScript("PRAGMA user_version = \(Schema.currentVersion + 7)")
        expectStoreError({ _ = try fixture.open() }) { error in
            error == .newerSchema(path: fixture.home.databaseURL.path, found: Schema.currentVersion + 7,
                                  supported: Schema.currentVersion)
                && error.description.contains("Upgrade herald")
        }
        #expect(try Migrations.version(of: connection) == Schema.currentVersion + 7)
    }

    @Test func aFullDiskFailsTheWriteAndKeepsWhatWasCommitted() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let kept = try store.insertDelivered(RecordFixtures.delivered(title: "kept"))
        // A page limit stands in for a full disk: SQLite reports SQLITE_FULL the same way.
        let pages = try #require(try store.connection.integer("PRAGMA page_count"))
        try store.connection.executeScript("PRAGMA max_page_count = \(pages + 2)")
        expectStoreError({
            try store.batch {
                for _ in 0..<500 { _ = try store.insertDelivered(RecordFixtures.delivered(title: "lost")) }
            }
        }) { error in
            error == .diskFull(path: fixture.home.databaseURL.path) && error.description.contains("Free some space")
        }
        #expect(try store.history(HistoryQuery()).map(\.deliveryID) == [kept.deliveryID])
        #expect(try store.historyCount(HistoryQuery(search: "lost")) == 0)
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        let connection = try SQLiteConnection(path: fixture.home.databaseURL.path, access: .readWriteCreate, busyTimeout: 1)
        try connection.executeScript("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
        expectStoreError({ _ = try fixture.open() }) { $0 == .foreignDatabase(path: fixture.home.databaseURL.path) }
    }

    @Test func readCommandsDoNotCreateADatabase() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        expectStoreError({ _ = try fixture.open(SQLiteStoreOptions(mode: .existing)) }) {
            if case .cannotOpen = $0 { return true } else { return false }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.home.url.path))
    }

    @Test func writingThroughAReadOnlyStoreFailsClearly() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do { _ = try fixture.open().insertDelivered(RecordFixtures.delivered()) }
        let store = try fixture.open(SQLiteStoreOptions(mode: .readOnly))
        #expect(try store.historyCount(HistoryQuery()) == 1)
        expectStoreError({ try store.savePending(RecordFixtures.pending()) }) { error in
            if case .readOnly(let path, _) = error { return path == fixture.home.databaseURL.path }
            return false
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions"))
    func aReadOnlyDirectoryFailsClearly() throws {
        let fixture = try StoreFixture()
        defer {
            chmod(fixture.home.url.path, 0o700)
            fixture.remove()
        }
        try fixture.home.create()
        chmod(fixture.home.url.path, 0o500)
        expectStoreError({ _ = try fixture.open() }) { error in
            switch error {
            case .cannotOpen(let path, _), .readOnly(let path, _): return path == fixture.home.databaseURL.path
            default: return false
            }
        }
    }

    @Test func aHomeThatCannotBeCreatedNamesThePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("file")
        try Data().write(to: file)
        let home = HeraldHome(path: file.path + "/herald")
        expectStoreError({ _ = try SQLiteStore(home: home) }) { error in
            if case .cannotCreateHome(let path, _) = error { return path.hasPrefix(file.path) }
            return false
        }
        expectStoreError({ try HeraldHome(path: file.path).create() }) { error in
            error == .cannotCreateHome(path: file.path, reason: "a file is in the way")
        }
    }

    @Test func aLockedDatabaseIsWaitedForThenReportedAsBusy() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let holder = try fixture.open()
        let other = try fixture.open(SQLiteStoreOptions(synchronous: .normal, busyTimeout: 0.3, applyRetentionOnOpen: false))
        try holder.batch {
            try holder.savePending(RecordFixtures.pending(identifier: "held"))
            let start = Date()
            expectStoreError({ try other.savePending(RecordFixtures.pending(identifier: "other")) }) { error in
                error == .busy(path: fixture.home.databaseURL.path, timeout: 0.3)
            }
            #expect(Date().timeIntervalSince(start) >= 0.25)
            // Readers are not blocked by the writer (WAL).
            #expect(try other.loadPending().isEmpty)
        }
        #expect(try other.loadPending().map(\.request.identifier) == ["held"])
    }

    @Test func aWriterWaitsForTheLockToBeReleased() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let holder = try fixture.open()
        let other = try fixture.open(SQLiteStoreOptions(synchronous: .normal, busyTimeout: 5, applyRetentionOnOpen: false))
        let (locked, lockedContinuation) = AsyncStream<Void>.makeStream()
        // The holder and the waiting writer block their threads: both off the cooperative pool.
        let holding = Task {
            try await offThePool {
                try holder.batch {
                    try holder.savePending(RecordFixtures.pending(identifier: "first"))
                    lockedContinuation.yield()
                    Thread.sleep(forTimeInterval: 0.3)
                }
            }
        }
        for await _ in locked { break }
        try await offThePool { try other.savePending(RecordFixtures.pending(identifier: "second")) }   // waits, then succeeds
        try await holding.value
        #expect(try other.loadPending().map(\.request.identifier).sorted() == ["first", "second"])
    }

    @Test func everyErrorNamesItsPath() {
        let path = "/x/herald.sqlite"
        let errors: [StoreError] = [
            .cannotCreateHome(path: path, reason: "r"), .cannotOpen(path: path, reason: "r"),
            .corrupt(path: path, reason: "r"), .foreignDatabase(path: path),
            .newerSchema(path: path, found: 3, supported: 2), .busy(path: path, timeout: 5),
            .readOnly(path: path, reason: "r"), .diskFull(path: path), .ioError(path: path, reason: "r"),
            .invalidRecord(path: path, table: "t", key: "k", reason: "r"), .sqlite(path: path, code: 1, message: "m"),
        ]
        for error in errors {
            #expect(error.description.contains(path))
            #expect(error.path == path)
        }
    }
}
