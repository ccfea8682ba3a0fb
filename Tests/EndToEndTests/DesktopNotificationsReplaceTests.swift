import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// What `--dbus-replace` can do, said the same way in `--help`, the log and the docs: it takes
/// org.freedesktop.Notifications only from a server that allows replacement. dunst (and mako) ask
/// for the name without allowing it — the bus itself says so — so the log never offers
/// `--dbus-replace` against them. Real dbus-daemon and dunst under Xvfb.
@Suite struct DesktopNotificationsReplaceTests {
    @Test(.skipped(because: DunstServer.unavailableReason), .requiring("dbus-daemon", "dbus-send")) func againstDunstTheLogDoesNotOfferAReplaceThatCannotWork() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let dunst = try DunstServer(bus: bus)
        defer { dunst.stop() }
        // What dunst really does: a request to replace it, not queueing (REPLACE_EXISTING |
        // DO_NOT_QUEUE), is answered EXISTS (3), not PRIMARY_OWNER (1).
        let replace = try await runProgram(
            Programs.which("dbus-send")!, ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus.RequestName", "string:org.freedesktop.Notifications",
                                           "uint32:6"], environment: bus.environment)
        #expect(replace.stdout.contains("uint32 3"), "\(replace.stdout) \(replace.stderr)")

        let center = try await CenterSession(uiCount: 0, bus: bus)
        defer { center.close() }
        try await center.daemon.waitForLog("is held by dunst")
        let log = center.daemonLog
        #expect(log.contains("is held by dunst (pid \(dunst.pid)"), "\(log)")
        #expect(!log.contains("--dbus-replace takes it over"), "\(log)")
        #expect(log.contains("stop that server to switch now"))
        #expect(log.contains("--dbus-replace takes the name only from a server that allows replacement, as another herald daemon does; dunst and mako do not"))

        let help = try await center.run(["daemon", "--help"])
        #expect(!help.stdout.contains("as dunst and mako do"))
        #expect(help.stdout.contains("another herald daemon does; dunst and") && help.stdout.contains("mako do not"))
    }
}
}
