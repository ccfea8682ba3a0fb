import Foundation
import HeraldCore
import Synchronization
import Testing
import TestSupport
@testable import HeraldDBus

/// The reply to `Notify` is the acknowledgement: it leaves only once the engine has taken the
/// notification. A real private bus and the real door; the engine is held inside its delivery
/// (an observer that waits) to see that no reply has left by then.
@Suite struct NotifyAcknowledgementTests {
    @Test func theReplyWaitsUntilTheEngineHasTheNotification() async throws {
        guard let bus = try PrivateBus.startIfAvailable() else { return }
        defer { bus.stop() }
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let gate = DeliveryGate()
        await harness.engine.observe { event in
            if case .delivered(let record, _) = event, DesktopApp.isDesktopApp(record.bundleIdentifier) { gate.hold() }
        }
        let outcome = await DesktopNotificationsDoor.open(
            engine: harness.engine, options: .init(address: bus.address,
                                                  stagingDirectory: harness.directory.url.appendingPathComponent("staging")))
        guard case .serving(let door, _) = outcome else { Issue.record("the door did not open: \(outcome)"); return }

        let replied = Mutex<UInt32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let address = bus.address
        Thread {
            if let client = try? DesktopNotificationsClient(address: address) {
                let id = try? client.notify(appName: "ack-test", summary: "Acknowledged", body: "")
                replied.withLock { $0 = id }
                client.close()
            }
            done.signal()
        }.start()

        #expect(gate.waitUntilHeld(timeout: 20), "the engine never delivered the notification")
        #expect(replied.withLock { $0 } == nil, "the reply left before the engine had the notification")
        gate.release()
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(replied.withLock { $0 } == 1)
        await door.close()
    }
}

/// Holds the engine's delivery (in its observer) until the test releases it; bounded both ways.
private final class DeliveryGate: Sendable {
    private let held = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Called inside the engine: says so, then waits (20 s at most) for `release`.
    func hold() {
        held.signal()
        _ = released.wait(timeout: .now() + 20)
    }

    func waitUntilHeld(timeout: TimeInterval) -> Bool { held.wait(timeout: .now() + timeout) == .success }

    func release() { released.signal() }
}
