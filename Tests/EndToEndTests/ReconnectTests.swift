import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// The daemon under an open UI stops (SIGTERM) or dies (SIGKILL). The UI says
/// it is disconnected, changes nothing meanwhile (no "DND on" the daemon never confirmed, no
/// unread count dropping), reconnects when a daemon answers again, and then shows the center
/// as it is — a notification posted while it was disconnected included.
@Suite struct ReconnectTests {
    @Test(arguments: [SIGTERM, SIGKILL])
    func theUIReconnectsAfterItsDaemonStops(signal: Int32) async throws {
        let home = try TemporaryDirectory("herald-reconnect")
        defer { home.remove() }
        let herald = BuiltProducts.path("herald")
        func post(_ title: String) async throws {
            let result = try await runProgram(herald, ["--home", home.path, "post", "--new-app", "com.example.ci",
                                                       "--title", title, "--body", "ok", "--thread", title])
            #expect(result.status == 0, "\(result.stderr)")
        }
        var first: DaemonFixture? = try await DaemonFixture.start(home: home)
        defer { first?.stopInBackground(signal: SIGKILL, removingHome: false) }
        // The UI may not start daemons itself here, so the test owns every daemon it stops.
        let ui = try await TmuxSession(command: [herald, "--home", home.path], width: 80, height: 24,
                                       environment: ["HERALD_UI_BANNER_SECONDS": "1", "HERALD_UI_MUTE": "1", "HERALD_NO_SPAWN": "1"])
        defer { ui.kill() }
        try await ui.waitFor("Herald")
        try await post("Before the stop")
        try await ui.waitFor("1 unread")
        _ = try await ui.waitForAbsence("╭─")   // its banner has gone into the list

        await first?.stop(signal: signal, removingHome: false)
        first = nil
        var screen = try await ui.waitFor("⚠ disconnected — reconnecting…")
        #expect(screen.contains("Before the stop"))   // what was on screen stays, marked stale

        // Nothing pretends to work: opening (which would mark it read) and DND change nothing.
        await ui.send("Enter")
        screen = try await ui.waitFor("nothing was changed")
        #expect(screen.contains("1 unread"))
        await ui.send(":dnd on", "Enter")
        screen = try await ui.waitFor("nothing was changed")
        #expect(screen.contains("DND off"))
        #expect(!screen.contains("DND on"))

        // A daemon again, and a notification posted as soon as it answers.
        let second = try await DaemonFixture.start(home: home)   // ready when it answers (the socket file stayed)
        defer { second.stopInBackground(removingHome: false) }
        try await post("Posted meanwhile")
        screen = try await ui.waitForAbsence("disconnected", timeout: 20)
        screen = try await ui.waitFor("Posted meanwhile")
        _ = try await ui.waitFor("2 unread")
        screen = try await ui.waitForAbsence("╭─")   // the banner went into the list
        #expect(screen.contains("Before the stop"))
        #expect(screen.contains("Posted meanwhile"))
        // And it works again: DND on, confirmed by the daemon.
        await ui.send(":dnd on", "Enter")
        try await ui.waitFor("Do not disturb on")   // the status line, once the daemon confirmed
    }
}
}
