import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport
@testable import HeraldBroker

/// The posts the door reads together share SQLite commits, and a receipt stored with each lets a
/// restarted door know every one of them. A real mosquitto and a real SQLite database.
struct BrokerCommitGroupTests {
    /// The posts wait at the broker while the door is away and arrive together when it comes back.
    @Test(.skipped(because: MosquittoBroker.unavailableReason))
    func postsReadTogetherShareCommits() async throws {
        let device = try await BrokerExactlyOnceTests.Device("herald-broker-group")
        defer { device.remove() }
        let count = 40
        let identifiers = (0..<count).map { "build-\($0)" }

        let sessionLog = LogLines()
        let session = try await BrokerDoorStack.open(settings: device.settings, directory: device.directory.url, log: sessionLog)
        try await sessionLog.wait(for: "Broker: connected")
        session.close()
        try await offThePool {
            try device.broker.publishLines(try identifiers.map { try BrokerDoorStack.postLine("ci", $0) }, topic: device.topic)
        }

        let log = LogLines()
        let door = try await BrokerDoorStack.open(settings: device.settings, directory: device.directory.url,
                                                  store: try device.store(), log: log)
        defer { door.close() }
        let deadline = Date().addingTimeInterval(60)
        var history: [DeliveredRecord] = []
        while history.count < count {
            guard Date() < deadline else { throw TestFailure("only \(history.count) of \(count) posts arrived: \(log.all)") }
            try await Task.sleep(nanoseconds: 20_000_000)
            history = try await door.engine.history(HistoryQuery(limit: 1000))
        }
        #expect(Set(history.map(\.identifier)) == Set(identifiers))
        let statistics = await door.engine.takeCommitGroupStatistics()
        // Taken one at a time, each post makes a commit of its own.
        #expect(statistics.commits < count, "\(statistics)")
    }

    /// Posts stored with their receipts in slots of their own, none of them written to the
    /// journal's file (the daemon killed right after their commit): a new journal over the same
    /// database knows each of them — but not the message of a receipt left in a slot by a read
    /// long before (its message long in the file, perhaps dropped from it since).
    @Test func everyReceiptOfTheNewestReadIsRestored() async throws {
        let directory = try TemporaryDirectory("herald-broker-receipts")
        defer { directory.remove() }
        func engine() throws -> NotificationEngine {
            let store = try SQLiteStore(databaseURL: directory.url.appendingPathComponent("herald.db"),
                                        attachmentsDirectory: directory.url.appendingPathComponent("attachments"))
            return try NotificationEngine(store: store, clock: SystemClock(), prompter: nil,
                                          attachmentsDirectory: directory.url.appendingPathComponent("attachments"))
        }
        func entry(_ identifier: String) -> BrokerJournal.Entry {
            BrokerJournal.Entry(key: "key-\(identifier)", sender: "ci", bundleIdentifier: "backup", identifier: identifier)
        }
        let first = try engine()
        let slots = BrokerReceiptSlots()
        func store(_ entry: BrokerJournal.Entry, read: Int) async throws {
            let slot = await slots.take()   // (kept: none is given back, as none reaches the file)
            try await StoreReceipt.$current.withValue(BrokerReceiptSlots.receipt(for: entry, slot: slot, read: read)) {
                _ = try await first.post(RequestRecord(identifier: entry.identifier, content: ContentRecord(title: "x")),
                                         bundleIdentifier: entry.bundleIdentifier, from: .broker(sender: entry.sender))
            }
        }
        let old = entry("weekly")
        try await store(old, read: 3)
        let newest = (0..<5).map { entry("nightly-\($0)") }
        for entry in newest { try await store(entry, read: 20) }

        let journal = try BrokerJournal(file: directory.url.appendingPathComponent("broker-journal"))
        defer { journal.close() }
        let restarted = try engine()
        let newestRead = await BrokerReceiptSlots.restore(into: journal, from: restarted)
        #expect(newestRead == 20)
        for entry in newest {
            #expect(journal.hasTaken(entry.key), "\(entry.identifier) would be taken again")
            #expect(journal.origin(bundleIdentifier: "backup", identifier: entry.identifier)?.sender == "ci")
        }
        #expect(!journal.hasTaken(old.key))
    }
}
