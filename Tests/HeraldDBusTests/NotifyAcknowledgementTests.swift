import Foundation
import HeraldCore
import Synchronization
import Testing
import TestSupport
@testable import HeraldDBus

/// The reply to `Notify` is the acknowledgement: when it arrives, the notification is in the
/// store. A real private bus, the real door and engine; the client looks in the store the moment
/// each reply arrives. Nothing is held or slowed (a held engine would hold a thread of the pool
/// the whole test process shares). A door that answered at once and stored afterwards fails it.
@Suite struct NotifyAcknowledgementTests {
    @Test(.requiring("dbus-daemon")) func everyReplyFindsItsNotificationStored() async throws {
        let bus = try await offThePool { try PrivateBus() }
        defer { bus.stop() }
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let outcome = await DesktopNotificationsDoor.open(
            engine: harness.engine, options: .init(address: bus.address,
                                                  stagingDirectory: harness.directory.url.appendingPathComponent("staging")))
        guard case .serving(let door, _) = outcome else { Issue.record("the door did not open: \(outcome)"); return }

        let store = harness.store
        let address = bus.address
        let storedAtReply: [Int] = try await offThePool {
            let client = try DesktopNotificationsClient(address: address)
            defer { client.close() }
            var counts: [Int] = []
            for n in 1...20 {
                _ = try client.notify(appName: "ack-test", summary: "Acknowledged \(n)", body: "")
                counts.append(try store.historyCount(HistoryQuery()))
            }
            return counts
        }
        #expect(storedAtReply == Array(1...20), "rows in the store as each reply arrived: \(storedAtReply)")
        await door.close()
    }
}
