import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// A `Notify` for a desktop app the user switched off is answered with an id, as a server whose
/// rules drop a notification answers (a sender told no may pop up a window of its own), and
/// nothing is shown or kept; switched on again, its notifications are stored as before. The
/// engine refuses the post (`notificationsNotAllowed`); the door translates. Real bus, door and
/// engine, the real `notify-send`.
@Suite struct NotifySwitchedOffTests {
    @Test(.requiring(DoorFixture.programs)) func aSwitchedOffAppIsAnsweredWithAnIdAndNothingIsKept() async throws {
        try await DoorFixture.with { fixture in
            let engine = fixture.harness.engine
            #expect(try await fixture.notifySend(["-a", "chat", "Before"]).status == 0)
            var settings = await engine.appRecord(bundleIdentifier: "desktop.chat").settings
            settings.allowNotifications = false
            try await engine.updateSettings(settings, bundleIdentifier: "desktop.chat")

            let off = try await fixture.notifySend(["-a", "chat", "--print-id", "While off"])
            #expect(off.status == 0, "\(off.stderr)")
            #expect((UInt32(off.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(off.stdout)")

            settings.allowNotifications = true
            try await engine.updateSettings(settings, bundleIdentifier: "desktop.chat")
            #expect(try await fixture.notifySend(["-a", "chat", "After"]).status == 0)
            #expect(try fixture.history().map(\.request.content.title).sorted() == ["After", "Before"])
        }
    }
}
