import Foundation
import Testing
@testable import HeraldBroker

@Suite struct BrokerJournalTests {
    func key(_ topic: String, _ payload: String) -> String {
        Array(payload.utf8).withUnsafeBytes { BrokerJournal.key(topic: topic, payload: $0) }
    }

    func entry(_ n: Int, sender: String = "ci") -> BrokerJournal.Entry {
        BrokerJournal.Entry(key: key("t/post/\(sender)", "payload \(n)"), sender: sender, bundleIdentifier: "app",
                            identifier: "id-\(n)")
    }

    @Test func keysTellTopicsAndPayloadsApart() {
        #expect(key("a/post/x", "{}") == key("a/post/x", "{}"))
        #expect(key("a/post/x", "{}") != key("a/post/y", "{}"))
        #expect(key("a/post/x", "{}") != key("a/post/x", "{ }"))
    }

    @Test func remembersMessagesAndOriginsAcrossRestarts() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let journal = try BrokerJournal(file: file)
        journal.record(entry(1))
        #expect(journal.hasTaken(entry(1).key))
        #expect(journal.announceRead(bundleIdentifier: "app", identifier: "id-1"))
        #expect(!journal.announceRead(bundleIdentifier: "app", identifier: "id-1"))
        journal.close()

        let reopened = try BrokerJournal(file: file)
        #expect(reopened.hasTaken(entry(1).key))
        #expect(!reopened.hasTaken(entry(2).key))
        #expect(reopened.origin(bundleIdentifier: "app", identifier: "id-1")?.sender == "ci")
        #expect(reopened.origin(bundleIdentifier: "app", identifier: "id-2") == nil)
    }

    @Test func keepsTheNewestAndRewritesTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let journal = try BrokerJournal(file: file, capacity: 10)
        for n in 0..<25 { journal.record(entry(n)) }
        journal.close()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count < 25)
        let reopened = try BrokerJournal(file: file, capacity: 10)
        #expect(reopened.hasTaken(entry(24).key))
        #expect(!reopened.hasTaken(entry(0).key))
    }
}
