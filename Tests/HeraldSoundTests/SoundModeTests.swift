import Foundation
import Testing
import HeraldCore
import HeraldSound

/// `[daemon] sound` and `$HERALD_SOUND` over it: `bell` leaves every sound to user interfaces' bell, `off` silences them —
/// the bell too — and neither lists the D-Bus `sound` capability.
@Suite struct SoundModeTests {
    static let record = DeliveredRecord(bundleIdentifier: "a", request: RequestRecord(identifier: "i", content: ContentRecord(
        title: "t", sound: .default)), date: Date(), presentation: [.banner, .sound])

    @Test func bellLeavesTheSoundToUserInterfaces() {
        let player = NotificationSoundPlayer(environment: ["HERALD_SOUND": "bell", "PULSE_SERVER": "unix:/nonexistent"],
                                             log: { _ in })
        #expect(!player.take(Self.record))
        #expect(!player.isAvailable)
        #expect(player.summary == "HERALD_SOUND=bell: the terminal bell")
    }

    @Test func offTakesTheSoundAndPlaysNothing() {
        let player = NotificationSoundPlayer(environment: ["HERALD_SOUND": "off", "PULSE_SERVER": "unix:/nonexistent"],
                                             log: { _ in })
        #expect(player.take(Self.record))
        #expect(!player.isAvailable)
    }

    @Test func theConfiguredWayHoldsUnlessTheEnvironmentNamesAnother() {
        let configured = NotificationSoundPlayer(environment: ["PULSE_SERVER": "unix:/nonexistent"], configured: .off, log: { _ in })
        #expect(configured.take(Self.record))
        #expect(configured.summary == "[daemon] sound = off: no sounds, no bell")
        let overridden = NotificationSoundPlayer(environment: ["HERALD_SOUND": "bell", "PULSE_SERVER": "unix:/nonexistent"],
                                                 configured: .off, log: { _ in })
        #expect(!overridden.take(Self.record))
        #expect(overridden.summary == "HERALD_SOUND=bell: the terminal bell")
    }

    @Test func withoutASoundServerTheBellRings() {
        let player = NotificationSoundPlayer(environment: ["XDG_RUNTIME_DIR": "/nonexistent"], log: { _ in })
        #expect(!player.take(Self.record))
        #expect(!player.isAvailable)
        #expect(player.summary.hasPrefix("no sound server"))
    }
}
