import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// Banners where the user works in tmux, with no `herald` UI open: the daemon shows a popup on
/// the attached client (a real tmux server, the client inside a second tmux whose screen the
/// test reads), the popup's keys answer the sender as the UI's do, and the status options
/// follow the center. Skipped when tmux is missing.
@Suite(.enabled(if: Programs.which("tmux") != nil, "needs tmux"))
struct TmuxReachTests {
    /// The popup's own hint and key line (the banner's footer shows once it takes keys).
    static let passingOn = "Typing goes on to your pane"
    static let takesKeys = "Enter open"

    /// A user in tmux (`cat` in the pane) and a center whose daemon reaches that tmux, with
    /// `[tmux]` `settings` after the tests' own (popups stay; a short key grace).
    final class Setup {
        let tmux: NestedTmux
        let scratch: TemporaryDirectory
        let config: String
        private(set) var center: CenterSession!

        init(settings: String = "", startCenter: Bool = true) async throws {
            tmux = try await NestedTmux(command: ["cat"])
            scratch = try TemporaryDirectory("herald-tmux")
            config = scratch.url.appendingPathComponent("config").path
            try "[tmux]\ntimeout = 0\nkey-grace = 0.3\n\(settings)".write(toFile: config, atomically: true, encoding: .utf8)
            if startCenter { center = try await CenterSession(uiCount: 0, daemonEnvironment: daemonEnvironment) }
        }

        var daemonEnvironment: [String: String] { ["HERALD_TMUX": tmux.socketPath, "HERALD_CONFIG": config] }

        func close() {
            center?.close()
            tmux.kill()
            scratch.remove()
        }
    }

    @Test func aPopupInTheActiveClientAnswersPostWait() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        let (tmux, center) = (setup.tmux, setup.center!)
        let post = try center.startPost(["--title", "Deploy to production?", "--body", "Build 1234 passed",
                                         "--action", "yes:Yes", "--wait"])
        try await tmux.screen.waitFor("[1 Yes]")
        try await tmux.screen.waitFor(Self.takesKeys)
        await tmux.screen.send("1")
        let result = await post.finish()
        #expect(result.stdout == "yes\n")
        #expect(result.status == 0)
        try await tmux.screen.waitForAbsence("[1 Yes]")   // answered: the popup is gone
    }

    @Test func aReplyTypedInThePopupReachesTheScript() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        let (tmux, center) = (setup.tmux, setup.center!)
        let post = try center.startPost(["--title", "Deploy?", "--action", "approve:Approve",
                                         "--reply", "comment:Comment:Send:Say why…", "--wait"])
        try await tmux.screen.waitFor(Self.takesKeys)
        await tmux.screen.send("r")
        try await tmux.screen.waitFor("Say why…")
        await tmux.screen.send("ship it — après 5pm 🚀", "Enter")
        #expect(await post.finish().stdout == "ship it — après 5pm 🚀\n")
    }

    /// A D-Bus sender (notify-send on a private bus) gets ActionInvoked for a key pressed in the
    /// popup, and NotificationReplied for a reply typed there.
    @Test(.requiring(DesktopSession.programs)) func desktopSendersGetActionInvokedAndNotificationReplied() async throws {
        let setup = try await Setup(startCenter: false)
        defer { setup.close() }
        let tmux = setup.tmux
        let desktop = try await DesktopSession.start(daemonEnvironment: setup.daemonEnvironment, uiCount: 0)
        defer { desktop.close() }
        let monitor = try desktop.monitor()
        defer { monitor.close() }

        let send = try desktop.startNotifySend(["-A", "yes=Yes", "-A", "no=No", "--wait", "Deploy?", "Build 1234 passed"])
        try await tmux.screen.waitFor("[1 Yes] [2 No]")
        try await tmux.screen.waitFor(Self.takesKeys)
        await tmux.screen.send("1")
        try await offThePool { try monitor.waitForSignal("ActionInvoked(1, \"yes\")") }
        #expect(await send.finish().stdout == "yes\n")
        try await tmux.screen.waitForAbsence("[1 Yes]")

        let chat = try desktop.startNotifySend(["-a", "Chat", "--action=inline-reply=Reply",
                                                "-h", "string:x-kde-reply-placeholder-text:Say something",
                                                "--wait", "Alice", "Lunch?"])
        try await tmux.screen.waitFor("Lunch?")
        try await tmux.screen.waitFor(Self.takesKeys)
        await tmux.screen.send("r")
        try await tmux.screen.waitFor("Say something")
        await tmux.screen.send("at noon 🍜", "Enter")
        try await offThePool { try monitor.waitForSignal("NotificationReplied(2, \"at noon 🍜\")") }
        _ = await chat.finish()
    }

    /// Someone typing when the popup opens keeps typing into their pane: keys go on to it until
    /// they pause, and the popup says so.
    @Test func keysTypedWhileThePopupOpensGoOnToThePane() async throws {
        let setup = try await Setup(settings: "key-grace = 60\n")
        defer { setup.close() }
        let (tmux, center) = (setup.tmux, setup.center!)
        #expect(try await center.run(["post", "--title", "Deploy?", "--action", "yes:Yes"]).status == 0)
        try await tmux.screen.waitFor(Self.passingOn)
        await tmux.screen.send("x1q", "Enter")
        try await tmux.waitUntil("the keys to reach cat") { await tmux.pane().contains("x1q\nx1q") }   // the tty's echo, then cat's
        let screen = await tmux.screen.capture()
        #expect(screen.contains("[1 Yes]") && screen.contains(Self.passingOn))   // still up, nothing answered
        #expect(!screen.contains(Self.takesKeys))
    }

    /// A `herald` UI visible on the client shows the banner itself: no popup doubles it. Once
    /// its window is not on screen, the popups come.
    @Test func aVisibleHeraldUIIsNotDoubled() async throws {
        let scratch = try TemporaryDirectory("herald-tmux")
        defer { scratch.remove() }
        let herald = BuiltProducts.path("herald")
        let config = scratch.url.appendingPathComponent("config").path
        try "[tmux]\ntimeout = 0\nkey-grace = 0.3\n".write(toFile: config, atomically: true, encoding: .utf8)
        // The daemon first (the UI starts none), on the tmux server about to start.
        let server = NestedTmux.newName()
        let daemon = try await DaemonFixture.start(DaemonOptions(environment: ["HERALD_TMUX": server, "HERALD_CONFIG": config]))
        defer { daemon.stopInBackground() }
        let home = daemon.home.path
        let tmux = try await NestedTmux(name: server, command: [herald, "--home", home],
                                        environment: ["HERALD_NO_SPAWN": "1", "HERALD_UI_MUTE": "1", "HERALD_CONFIG": config])
        defer { tmux.kill() }
        try await tmux.screen.waitFor("unread")   // the UI is up and attached
        func post(_ title: String) async throws {
            let result = try await runProgram(herald, ["--home", home, "post", "--title", title, "--action", "ok:OK"],
                                              environment: ["HERALD_NO_SPAWN": "1"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        try await post("First, in the UI")
        try await tmux.screen.waitFor("First, in the UI")
        #expect(await !tmux.screen.capture().contains(Self.passingOn))
        await tmux.tmux(["new-window", "-t", "main", "cat"])   // the UI's window is no longer on screen
        try await post("Second, in a popup")
        let screen = try await tmux.screen.waitFor(Self.passingOn)
        // One popup at a time, in order: had the first made one, it would be on screen now.
        #expect(screen.contains("Second, in a popup") && !screen.contains("First, in the UI"))
    }

    /// Passive notifications are a line on the status line; the status options follow the unread
    /// count and Focus, and the status line shows them without polling.
    @Test func passiveOnesAreAMessageLineAndTheStatusOptionsFollowTheCenter() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        let (tmux, center) = (setup.tmux, setup.center!)
        await tmux.tmux(["set-option", "-g", "status-right", "unread=#{@herald_unread} focus=#{@herald_focus}"])
        #expect(try await center.run(["post", "--new-app", "ci", "--title", "Nightly #42 \u{1B}[31mgreen", "--level", "passive"]).status == 0)
        try await tmux.screen.waitFor("✉ Ci: Nightly #42 green")
        await tmux.screen.send("Escape")   // the line stays until a key (timeout = 0); then the status line is back
        try await tmux.waitUntil("@herald_unread to be 1") { await tmux.option("@herald_unread") == "1" }
        try await tmux.screen.waitFor("unread=1 focus=")
        #expect(try await center.run(["dnd", "on"]).status == 0)
        try await tmux.waitUntil("@herald_focus to name the Focus") { await tmux.option("@herald_focus") == "Do Not Disturb" }
        try await tmux.screen.waitFor("unread=1 focus=Do Not Disturb")
        #expect(try await center.run(["dnd", "off"]).status == 0)
        try await tmux.waitUntil("@herald_focus to be empty") { await tmux.option("@herald_focus").isEmpty }
    }

    /// `[tmux]` is checked by `herald config` with the daemon's reader.
    @Test func heraldConfigReportsMistakesInTmux() async throws {
        let center = try IsolatedCenter(configuration: "[tmux]\nbanners = loud\nwidth = 3\n")
        defer { center.close() }
        let result = try await center.run(["config"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("config:2: banners: expected popup, message or off, got 'loud'"))
        #expect(result.stderr.contains("config:3: width: expected a whole number from 20 to 500, got '3'"))
    }
}
}
