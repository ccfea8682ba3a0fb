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

        // The client on a thread of its own; the test waits without blocking a thread of the
        // shared pool (the door and the engine need one).
        let replied = Mutex<UInt32?>(nil)
        let finished = Mutex(false)
        let address = bus.address
        Thread {
            if let client = try? DesktopNotificationsClient(address: address) {
                let id = try? client.notify(appName: "ack-test", summary: "Acknowledged", body: "")
                replied.withLock { $0 = id }
                client.close()
            }
            finished.withLock { $0 = true }
        }.start()

        #expect(await Self.within(30) { gate.isHeld }, "the engine never delivered the notification")
        #expect(replied.withLock { $0 } == nil, "the reply left before the engine had the notification")
        gate.release()
        #expect(await Self.within(30) { finished.withLock { $0 } })
        #expect(replied.withLock { $0 } == 1)
        await door.close()
    }

    /// Whether `condition` holds within `seconds`, checked every 10 ms without blocking a thread.
    private static func within(_ seconds: TimeInterval, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return condition()
    }
}

/// Holds the engine's delivery (in its observer) until the test releases it (60 s at most).
private final class DeliveryGate: Sendable {
    private let held = Mutex(false)
    private let released = DispatchSemaphore(value: 0)

    var isHeld: Bool { held.withLock { $0 } }

    /// Called inside the engine: says so, then waits for `release`.
    func hold() {
        held.withLock { $0 = true }
        _ = released.wait(timeout: .now() + 60)
    }

    func release() { released.signal() }
}
