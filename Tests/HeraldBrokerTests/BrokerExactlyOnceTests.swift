import Foundation
import HeraldCore
import HeraldDaemon
import HeraldStore
import HeraldWire
import Synchronization
import Testing
import TestSupport
@testable import HeraldBroker

/// A message the broker delivers is taken once even when the daemon dies at the worst instant:
/// after the engine committed the notification, before the door wrote its journal (and before the
/// PUBACK). The door's journal entry is stored with the notification, in its transaction.
///
/// The death is made deterministic: once the engine stored the first door's post, the door is
/// held there for good — as if the process were killed right there. A second door with the same client
/// id, state directory and database takes the session over (mosquitto disconnects the first) and
/// is given the unacknowledged message again. A real mosquitto and a real SQLite database.
@Suite(.skipped(because: MosquittoBroker.unavailableReason))
struct BrokerExactlyOnceTests {
    /// Once the engine stored a post: records it, then nothing — the door waits until `release()`.
    final class DiesAfterCommit: Sendable {
        private let state = Mutex<(committed: [PostOutcome], hung: [CheckedContinuation<Void, Never>], released: Bool)>(([], [], false))

        var committed: [PostOutcome] { state.withLock { $0.committed } }

        @Sendable func stored(_ outcome: PostOutcome) async { await hang(outcome) }

        private func hang(_ result: PostOutcome) async {
            await withCheckedContinuation { continuation in
                let released = state.withLock { state -> Bool in
                    state.committed.append(result)
                    if !state.released { state.hung.append(continuation) }
                    return state.released
                }
                if released { continuation.resume() }
            }
        }

        func release() {
            let hung = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.released = true
                defer { state.hung = [] }
                return state.hung
            }
            for continuation in hung { continuation.resume() }
        }
    }

    /// One device: its broker, and the state directory and database a "restarted" door opens again.
    struct Device {
        let broker: MosquittoBroker
        let directory: TemporaryDirectory
        let settings: BrokerSettings
        var topic: String { "\(broker.prefix)/post/backup-server" }

        init(_ name: String) async throws {
            broker = try await MosquittoBroker.started()
            directory = try TemporaryDirectory(name)
            settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        }

        /// The device's database, opened anew (as a restarted daemon opens it).
        func store() throws -> SQLiteStore {
            try SQLiteStore(databaseURL: directory.url.appendingPathComponent("herald.db"),
                            attachmentsDirectory: directory.url.appendingPathComponent("attachments"))
        }

        func remove() {
            broker.stop()
            directory.remove()
        }
    }

    @Test func aMessageStoredJustBeforeTheDaemonDiedIsNotTakenAgain() async throws {
        let device = try await Device("herald-broker-once")
        defer { device.remove() }
        let (broker, directory, settings, topic) = (device.broker, device.directory, device.settings, device.topic)

        let firstLog = LogLines()
        let dying = DiesAfterCommit()
        let first = try await BrokerDoorStack.open(settings: settings, directory: directory.url,
                                                   store: try device.store(),
                                                   log: firstLog, afterStored: dying.stored)
        defer {
            dying.release()
            first.close()
        }
        try await firstLog.wait(for: "Broker: connected")
        try await offThePool { try broker.publishLines([try BrokerDoorStack.postLine("backup", "nightly")], topic: topic) }
        let deadline = Date().addingTimeInterval(60)
        while dying.committed.isEmpty {
            guard Date() < deadline else { throw TestFailure("the first door never took the post: \(firstLog.all)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let stored = try await first.engine.history(HistoryQuery(limit: 10))
        #expect(stored.map(\.identifier) == ["nightly"])

        // The daemon "restarts": the same device, state directory and database.
        let log = LogLines()
        let second = try await BrokerDoorStack.open(settings: settings, directory: directory.url,
                                                    store: try device.store(),
                                                    log: log)
        defer { second.close() }
        try await log.wait(for: "Broker: connected")
        // Messages are taken in order: once this one is in, the redelivered one was handled.
        try await offThePool { try broker.publishLines([try BrokerDoorStack.postLine("backup", "weekly")], topic: topic) }
        let history = try await second.waitForHistory(containing: "weekly", log: log)
        let nightly = history.filter { $0.identifier == "nightly" }
        #expect(nightly.map(\.deliveryID) == stored.map(\.deliveryID),
                "taken again after the restart (a new delivery replaced the stored one): \(history) \(log.all)")
    }

    /// Messages waiting at the broker arrive together; the door's posts of one read share their
    /// commits, each with a receipt of its own, so a death after such a commit leaves several
    /// messages stored and none in the journal's file: after the restart none of them is taken
    /// again and the others arrive once.
    @Test func messagesArrivingTogetherAreStoredTogetherAndNoneTwice() async throws {
        let device = try await Device("herald-broker-once-together")
        defer { device.remove() }
        let (broker, directory, settings, topic) = (device.broker, device.directory, device.settings, device.topic)
        let identifiers = (1...6).map { "nightly-\($0)" }

        // The session is made, then the posts wait at the broker and arrive together.
        let sessionLog = LogLines()
        let session = try await BrokerDoorStack.open(settings: settings, directory: directory.url, log: sessionLog)
        try await sessionLog.wait(for: "Broker: connected")
        session.close()
        try await offThePool { try broker.publishLines(try identifiers.map { try BrokerDoorStack.postLine("backup", $0) }, topic: topic) }

        let firstLog = LogLines()
        let dying = DiesAfterCommit()
        let first = try await BrokerDoorStack.open(settings: settings, directory: directory.url,
                                                   store: try device.store(),
                                                   log: firstLog, afterStored: dying.stored)
        defer {
            dying.release()
            first.close()
        }
        let deadline = Date().addingTimeInterval(60)
        while dying.committed.isEmpty {
            guard Date() < deadline else { throw TestFailure("the first door never took a post: \(firstLog.all)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        // Room for the others read with the first to be stored too (they share its commit).
        try await Task.sleep(nanoseconds: 1_000_000_000)
        let stored = try await first.engine.history(HistoryQuery(limit: 100))
        #expect(!stored.isEmpty)
        #expect(Set(dying.committed.map(\.identifier)) == Set(stored.map(\.identifier)))

        // The daemon "restarts": the same device, state directory and database.
        let log = LogLines()
        let second = try await BrokerDoorStack.open(settings: settings, directory: directory.url,
                                                    store: try device.store(),
                                                    log: log)
        defer { second.close() }
        try await log.wait(for: "Broker: connected")
        try await offThePool { try broker.publishLines([try BrokerDoorStack.postLine("backup", "weekly")], topic: topic) }
        let history = try await second.waitForHistory(containing: "weekly", log: log)
        #expect(Set(history.map(\.identifier)) == Set(identifiers + ["weekly"]), "\(history) \(log.all)")
        for record in stored {
            #expect(history.filter { $0.identifier == record.identifier }.map(\.deliveryID) == [record.deliveryID],
                    "\(record.identifier) taken again after the restart: \(history) \(log.all)")
        }
    }
}
