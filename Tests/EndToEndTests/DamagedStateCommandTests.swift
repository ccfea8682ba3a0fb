import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

extension EndToEnd {
/// `herald history` on a state directory in trouble: a database cut to half its size is read as
/// far as it goes (and says so), a search over a damaged page serves the readable matches, and
/// another user's state directory is "permission denied" — never an empty history.
@Suite struct DamagedStateCommandTests {
    /// A state directory with `count` notifications in its database file (checkpointed: none
    /// left in the log, which the damage would miss).
    static func home(count: Int) throws -> (directory: TemporaryDirectory, home: HeraldHome) {
        let directory = try TemporaryDirectory("herald-damaged")
        let home = HeraldHome(path: directory.path + "/home")
        let store = try SQLiteStore(home: home, options: SQLiteStoreOptions(applyRetentionOnOpen: false))
        try store.batch {
            for n in 1...count {
                _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "n\(n)", title: "Note \(n)",
                                                                       body: "lunch with Alice, take \(n)"))
            }
        }
        _ = try store.history(HistoryQuery(search: "lunch", limit: 1))   // indexes them for search
        let connection = try SQLiteConnection(path: home.databaseURL.path, access: .readWrite, busyTimeout: 10)
        try connection.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
        return (directory, home)
    }

    static func history(_ home: HeraldHome, _ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(BuiltProducts.path("herald"), ["--home", home.url.path, "history"] + arguments)
    }

    @Test func aDatabaseCutToHalfIsReadAsFarAsItGoes() async throws {
        let (directory, home) = try Self.home(count: 1_500)
        defer { directory.remove() }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: home.databaseURL.path)[.size] as? Int)
        let handle = try #require(FileHandle(forUpdatingAtPath: home.databaseURL.path))
        try handle.truncate(atOffset: UInt64(size / 2 / 4_096 * 4_096))
        try handle.close()

        let result = try await Self.history(home, ["--limit", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("is damaged") && result.stderr.contains("showing what can still be read"),
                "\(result.stderr)")
        #expect(result.stdout.contains("Unreadable notifications"), "\(result.stdout)")
        let notes = result.stdout.split(separator: "\n").filter { $0.contains("Note ") }
        #expect(notes.count == 9, "\(result.stdout)")
    }

    @Test func aSearchOverADamagedPageServesTheReadableMatches() async throws {
        let (directory, home) = try Self.home(count: 1_500)
        defer { directory.remove() }
        // Random bytes over a page in the middle of the file (rows of `delivered`, mostly).
        let size = try #require(try FileManager.default.attributesOfItem(atPath: home.databaseURL.path)[.size] as? Int)
        let handle = try #require(FileHandle(forUpdatingAtPath: home.databaseURL.path))
        var random = SeededGenerator(seed: 9)
        try handle.seek(toOffset: UInt64(size / 2 / 4_096 * 4_096))
        try handle.write(contentsOf: Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) }))
        try handle.close()

        let result = try await Self.history(home, ["--search", "lunch alice", "--limit", "1500", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let items = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(items.count > 1_000, "\(items.count) served")
    }

    /// Whether a process of this test can run as another user: as root through `setpriv`
    /// (where file permissions would not bind root itself), else as we are.
    static let otherUser: [String]? = {
        guard getuid() == 0 else { return [] }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return setpriv.map { [$0, "--reuid=65534", "--regid=65534", "--clear-groups"] }
    }()

    @Test(.enabled(if: otherUser != nil, "running as root without setpriv: permissions would not bind"))
    func anotherUsersStateDirectoryIsPermissionDenied() async throws {
        let (directory, home) = try Self.home(count: 3)
        defer { directory.remove() }
        let runner = try #require(Self.otherUser)
        // The way in is open; the state directory is its owner's alone (mode 0700, as Herald
        // makes it) — or, run by that owner, closed to everyone (mode 000).
        try FileManager.default.setAttributes([.posixPermissions: 0o711], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: runner.isEmpty ? 0 : 0o700], ofItemAtPath: home.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.url.path) }
        let command = runner + [BuiltProducts.path("herald"), "--home", home.url.path, "history"]
        let result = try await runProgram(command[0], Array(command.dropFirst()))
        #expect(result.status != 0)
        #expect(result.stderr.contains("permission denied"), "\(result.stderr)")
        #expect(!result.stdout.contains("No notifications yet"), "\(result.stdout)")
    }
}
}
