import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// A notification belongs to the connection that sent it: another sender's `replaces_id` makes a
/// new notification instead of taking it over (its text, its app's name, its actions), and another
/// sender's `CloseNotification` is refused. A script's next `notify-send -r ID` still replaces the
/// one its earlier run sent (that sender has left the bus; the app is the same). A real private
/// bus, the real door and engine, libdbus connections and the real `notify-send`.
@Suite struct SenderOwnershipTests {
    @Test(.requiring(DoorFixture.programs)) func anotherSenderCannotReplaceOrCloseANotification() async throws {
        try await DoorFixture.with { fixture in
            let owner = try await fixture.sender()
            let intruder = try await fixture.sender()
            let id = try await owner.notify(app: "Mail", summary: "Alice: lunch?", actions: ["reply", "Reply"])

            let other = try await intruder.notify(app: "Intruder", replacesID: id, summary: "Hijacked", actions: ["steal", "Steal"])
            #expect(other != id, "another sender's replaces_id took over notification \(id)")
            let mail = await fixture.harness.engine.deliveredNotifications(bundleIdentifier: "desktop.mail")
            #expect(mail.map(\.request.content.title) == ["Alice: lunch?"])
            #expect(await fixture.harness.engine.appRecord(bundleIdentifier: "desktop.mail").displayName == "Mail")
            let intruderApp = await fixture.harness.engine.deliveredNotifications(bundleIdentifier: "desktop.intruder")
            #expect(intruderApp.map(\.request.content.title) == ["Hijacked"])

            await #expect(throws: (any Error).self, "another sender closed notification \(id)") {
                try await intruder.closeNotification(id)
            }
            #expect(await fixture.harness.engine.deliveredNotifications(bundleIdentifier: "desktop.mail").count == 1)

            // Its own sender still replaces and closes it, and hears NotificationClosed reason 3.
            #expect(try await owner.notify(app: "Mail", replacesID: id, summary: "Alice: lunch at 1?") == id)
            let monitor = try await fixture.monitor()
            try await owner.closeNotification(id)
            try await offThePool { try monitor.waitForSignal("NotificationClosed(\(id), 3)") }
            await offThePool { monitor.close() }
            let engine = fixture.harness.engine
            try await fixture.waitUntil("the owner's close took it out of the list") {
                await engine.deliveredNotifications(bundleIdentifier: "desktop.mail").isEmpty
            }
            owner.close()
            intruder.close()
        }
    }

    /// `notify-send -p` then, from a later run of the script, `notify-send -r ID`: the first
    /// sender has left the bus, the app is the same, so it is replaced in place.
    @Test(.requiring(DoorFixture.programs)) func aScriptsNextRunReplacesWhatItsLastRunSent() async throws {
        try await DoorFixture.with { fixture in
            let first = try await fixture.notifySend(["-p", "-a", "backup", "Backup running"])
            let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(UInt32(id) != nil, "\(first)")
            let second = try await fixture.notifySend(["-p", "-r", id, "-a", "backup", "Backup done"])
            #expect(second.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == id, "\(second)")
            let titles = await fixture.harness.engine.deliveredNotifications(bundleIdentifier: "desktop.backup")
                .map(\.request.content.title)
            #expect(titles == ["Backup done"])
            // Another app's script cannot: a new notification.
            let third = try await fixture.notifySend(["-p", "-r", id, "-a", "other", "Not yours"])
            #expect(third.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != id, "\(third)")
            #expect(await fixture.harness.engine.deliveredNotifications(bundleIdentifier: "desktop.backup").count == 1)
        }
    }
}
