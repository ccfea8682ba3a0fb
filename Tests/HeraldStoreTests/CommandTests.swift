import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The built `herald` binary next to the test bundle (`swift test` builds it).
enum HeraldBinary {
    static let url: URL? = BuiltProducts.url("herald")

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String]) async throws -> Result {
        struct NotBuilt: Error {}
        guard let binary = Self.url else { throw NotBuilt() }
        let result = try await runProgram(binary.path, arguments, environment: ["TZ": "UTC"])
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}

@Suite(.enabled(if: HeraldBinary.url.map { FileManager.default.isExecutableFile(atPath: $0.path) } ?? false,
                "the herald binary is not built next to the tests: run `swift build --product herald`"))
struct CommandTests {
    private func populated(_ fixture: StoreFixture) throws -> SQLiteStore {
        let store = try fixture.open()
        try store.saveApp(RecordFixtures.app("com.example.calendar"))
        try store.saveApp(AppRecord(bundleIdentifier: "com.example.mail"))
        try store.savePending(RecordFixtures.pending())
        _ = try store.insertDelivered(RecordFixtures.delivered(title: "Lunch \u{1B}[31mred\u{1B}[0m\u{07}",
                                                               body: "line one\nline two\u{202E}evil"))
        _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.mail", title: "Invoice",
                                                               date: RecordFixtures.date.addingTimeInterval(60)))
        return store
    }

    @Test func historyPrintsAlignedColumnsWithoutControlCharacters() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try populated(fixture)
        let result = try await HeraldBinary.run(["--home", fixture.home.url.path, "history"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("ID  DATE                 APP"))
        #expect(lines[1].contains("2025-04-04 04:02:49  com.example.mail      Invoice"))
        #expect(lines[2].contains("Lunch red"))
        #expect(lines[2].contains("line one line twoevil"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0 == "\u{202E}" })
        // Columns line up: every row's APP column starts where the header's does.
        let appColumn = lines[0].range(of: "APP")!.lowerBound.utf16Offset(in: lines[0])
        #expect(lines[1].range(of: "com.example")!.lowerBound.utf16Offset(in: lines[1]) == appColumn)
    }

    @Test func historyJSONSearchAndApp() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try populated(fixture)
        let result = try await HeraldBinary.run(["--home", fixture.home.url.path, "history", "--search", "lun", "--json"])
        #expect(result.status == 0)
        let items = try #require(try JSONValue.parse(Data(result.stdout.utf8)).arrayValue)
        #expect(items.count == 1)
        #expect(items[0].objectValue?["userInfo"]?.objectValue?["MEETING_ID"] == "123")
        let mail = try await HeraldBinary.run(["--home", fixture.home.url.path, "history", "--app", "com.example.mail", "--json"])
        #expect(try JSONValue.parse(Data(mail.stdout.utf8)).arrayValue?.compactMap { $0.objectValue?["title"] } == ["Invoice"])
    }

    @Test func pendingAndApps() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try populated(fixture)
        let pending = try await HeraldBinary.run(["--home", fixture.home.url.path, "pending"])
        #expect(pending.status == 0)
        #expect(pending.stdout.contains("after 60 s"))
        let apps = try await HeraldBinary.run(["--home", fixture.home.url.path, "apps", "--json"])
        let list = try #require(try JSONValue.parse(Data(apps.stdout.utf8)).arrayValue)
        #expect(list.compactMap { $0.objectValue?["badge"] } == [7, 0])
        #expect(list.first?.objectValue?["unread"] == 1)
        let table = try await HeraldBinary.run(["--home", fixture.home.url.path, "apps"])
        #expect(table.stdout.contains("MEETING_INVITATION, ALARM"))
    }

    @Test func readsWhileAnotherProcessHoldsTheWriteLock() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try populated(fixture)
        try store.batch {
            _ = try store.insertDelivered(RecordFixtures.delivered(title: "Uncommitted"))
            // The one synchronous program run of the tests, on purpose: `herald history` has to
            // run while this thread holds the store's write lock, inside `batch`, whose body is
            // synchronous (the transaction belongs to this thread) and cannot await `runProgram`.
            let binary = try #require(HeraldBinary.url)
            let result = try ProcessRunner.runSeparately(binary.path, ["--home", fixture.home.url.path, "history", "--json"],
                                                         environment: ["TZ": "UTC"])
            #expect(result.status == 0)
            #expect(!result.stdout.contains("Uncommitted"))
            #expect(result.stdout.contains("Invoice"))
        }
    }

    @Test func noDatabaseIsNotAnError() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for command in ["history", "pending", "apps"] {
            let json = try await HeraldBinary.run(["--home", fixture.home.url.path, command, "--json"])
            #expect(json.status == 0)
            #expect(json.stdout == "[]\n")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.home.url.path))
    }

    @Test func aCorruptDatabaseExitsWithAClearMessage() async throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.home.create()
        try Data(repeating: 0x42, count: 4096).write(to: fixture.home.databaseURL)
        let result = try await HeraldBinary.run(["--home", fixture.home.url.path, "history"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(fixture.home.databaseURL.path))
        #expect(result.stderr.contains("move it aside"))
    }

    @Test func helpHasExamples() async throws {
        for command in ["history", "pending", "apps"] {
            let result = try await HeraldBinary.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Examples:"))
        }
    }
}
