import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The `herald-store-writer` child binary, built next to the test bundle in `.build/debug/`.
/// `swift test` builds every product of the package, so it is there; after a bare
/// `swift build --build-tests`, build it with `swift build --product herald-store-writer`.
enum StoreWriter {
    static let url: URL? = BuiltProducts.url("herald-store-writer")
}

@Suite struct CrashTests {
    struct Acknowledgements {
        var delivered: [Int64: String] = [:]
        var pending: Set<String> = []
        var count: Int { delivered.count + pending.count }
    }

    /// Parses the child's acknowledgement lines (a torn last line, cut by the kill, is ignored
    /// — it was not fully acknowledged).
    private func parse(_ text: String, into acks: inout Acknowledgements) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: " ")
            if parts.count == 3, parts[0] == "D", let id = Int64(parts[1]) {
                #expect(acks.delivered.updateValue(String(parts[2]), forKey: id) == nil, "id \(id) acknowledged twice")
            } else if parts.count == 2, parts[0] == "P" {
                acks.pending.insert(String(parts[1]))
            }
        }
    }

    /// Runs the writer until it has acknowledged about `killAfter` writes, then SIGKILLs it.
    private func runAndKill(writer: URL, home: String, start: Int, killAfter: Int,
                            into acks: inout Acknowledgements) throws {
        let child = try ChildProcess(writer.path, [home, "--start", String(start)], environment: nil,
                                     captureOutput: true)
        var text = ""
        var seen = 0
        while seen < killAfter, let line = child.readLine() {
            text += line + "\n"
            seen += 1
        }
        // A random extra moment so the kill lands anywhere in a batch, then SIGKILL.
        usleep(UInt32.random(in: 0...3_000))
        child.signal(SIGKILL)
        // Whatever was written to the pipe before the kill was acknowledged.
        let (rest, _) = child.readOutputs(input: nil)
        text += String(decoding: rest, as: UTF8.self)
        let status = child.wait()
        // Killed by our SIGKILL, not stopped by itself (an error or a crash) before we got there.
        #expect(status == 128 + SIGKILL, "the writer stopped by itself (status \(status))")
        #expect(seen >= killAfter, "the writer ended after \(seen) acknowledgements")
        if !text.hasSuffix("\n"), let lastNewline = text.lastIndex(of: "\n") {
            text = String(text[...lastNewline])
        }
        parse(text, into: &acks)
    }

    @Test(.enabled(if: StoreWriter.url != nil,
                   "herald-store-writer is not built next to the tests: run `swift build --product herald-store-writer`"))
    func killDashNineKeepsEveryAcknowledgedWrite() throws {
        let writer = try #require(StoreWriter.url)
        let fixture = try StoreFixture("herald-crash")
        defer { fixture.remove() }
        var acks = Acknowledgements()
        // Several rounds: each child reopens the database the previous one left mid-write.
        for round in 0..<4 {
            try runAndKill(writer: writer, home: fixture.home.url.path, start: round * 1_000_000,
                           killAfter: Int.random(in: 20...400), into: &acks)
        }
        #expect(acks.count > 80)

        let store = try fixture.open(SQLiteStoreOptions(mode: .existing, applyRetentionOnOpen: false))
        let total = try store.historyCount(HistoryQuery())
        let history = try store.history(HistoryQuery(limit: total))
        var stored: [Int64: String] = [:]
        for record in history { stored[record.deliveryID] = record.identifier }
        for (id, identifier) in acks.delivered {
            #expect(stored[id] == identifier, "acknowledged delivery \(id) (\(identifier)) is missing")
        }
        let identifiers = history.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count, "a delivery appears twice")
        let pending = try store.loadPending().map(\.request.identifier)
        #expect(Set(pending).count == pending.count)
        #expect(acks.pending.isSubset(of: Set(pending)), "acknowledged pending requests are missing")
        // Delivered and pending identifiers never overlap (each write happened once, as one kind).
        #expect(Set(identifiers).isDisjoint(with: Set(pending)))
        try store.connection.execute("INSERT INTO delivered_fts (delivered_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try store.connection.queryFirst("PRAGMA integrity_check") { $0.text(0) } == "ok")
    }
}
