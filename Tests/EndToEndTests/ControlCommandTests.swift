import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald count`, `close`, `invoke`, `restore` and `dnd toggle` against the real daemon, as
/// `dunstctl` and `makoctl` users drive them from scripts and key bindings.
@Suite struct ControlCommandTests {
    /// The delivery id of the notification titled `title` (through `herald history --json`).
    static func id(of title: String, in center: CenterSession) async throws -> Int64 {
        guard let id = try await lookUp(title, in: center) else { throw ProcessError("no notification is titled \(title)") }
        return id
    }

    static func lookUp(_ title: String, in center: CenterSession) async throws -> Int64? {
        let rows = try await JSONSerialization.jsonObject(with: Data(try center.run(["history", "--json"]).stdout.utf8)) as? [[String: Any]]
        return (rows?.first { $0["title"] as? String == title }?["id"] as? NSNumber)?.int64Value
    }

    @Test func countCountsUnreadNotifications() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        #expect(try await center.run(["count"]).stdout == "0\n")
        _ = try await center.run(["post", "--new-app", "make", "--title", "one"])
        _ = try await center.run(["post", "--new-app", "make", "--title", "two"])
        _ = try await center.run(["post", "--new-app", "mail", "--title", "three"])
        #expect(try await center.run(["count"]).stdout == "3\n")
        #expect(try await center.run(["count", "--app", "make"]).stdout == "2\n")
        #expect(try await center.run(["status", "--count", "--app", "mail"]).stdout == "1\n")
        let unknown = try await center.run(["count", "--app", "nope"])
        #expect(unknown.status == 3)
        #expect(unknown.stderr == "herald count: the center knows no app named \"nope\"; `herald apps` lists them\n")
    }

    /// A banner closed from a script leaves every UI; the notification stays in the list,
    /// unread. `herald restore` brings it back.
    @Test func closeTakesTheBannerAwayAndRestoreBringsItBack() async throws {
        let center = try await CenterSession()
        defer { center.close() }
        _ = try await center.run(["post", "--new-app", "make", "--title", "Build finished", "--body", "all green"])
        try await center.ui.waitFor("╰─ Enter open")
        let id = try await Self.id(of: "Build finished", in: center)
        let closed = try await center.run(["close", String(id)])
        #expect(closed.status == 0 && closed.stdout.isEmpty && closed.stderr.isEmpty)
        let screen = try await center.ui.waitForAbsence("╰─ Enter open")
        #expect(screen.contains("Build finished"))   // in the list
        #expect(try await center.run(["count"]).stdout == "1\n")
        let restored = try await center.run(["restore"])
        #expect(restored.status == 0)
        #expect(restored.stdout == "\(id)\n")
        try await center.ui.waitFor("╰─ Enter open")
        #expect(try await center.run(["close", "--all"]).status == 0)
        try await center.ui.waitForAbsence("╰─ Enter open")
    }

    /// In tmux, with no `herald` open: the popup closes, and comes back with `herald restore`.
    @Test(.enabled(if: Programs.which("tmux") != nil, "needs tmux"))
    func closeTakesATmuxPopupDownAndRestorePopsItUpAgain() async throws {
        let setup = try await TmuxReachTests.Setup()
        defer { setup.close() }
        let (tmux, center) = (setup.tmux, setup.center!)
        _ = try await center.run(["post", "--new-app", "make", "--title", "Build finished", "--action", "ok:OK"])
        try await tmux.screen.waitFor("[1 OK]")
        let id = try await Self.id(of: "Build finished", in: center)
        #expect(try await center.run(["close", String(id)]).status == 0)
        try await tmux.screen.waitForAbsence("[1 OK]")
        #expect(try await center.run(["count"]).stdout == "1\n")   // still unread, in the list
        #expect(try await center.run(["restore"]).stdout == "\(id)\n")
        try await tmux.screen.waitFor("[1 OK]")
        #expect(try await center.run(["close", "--all"]).status == 0)
        try await tmux.screen.waitForAbsence("[1 OK]")
    }

    @Test func restoreGoesFurtherBackEachTimeAndSaysWhenNothingIsLeft() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        _ = try await center.run(["post", "--new-app", "make", "--title", "first"])
        _ = try await center.run(["post", "--new-app", "make", "--title", "second"])
        let first = try await Self.id(of: "first", in: center), second = try await Self.id(of: "second", in: center)
        #expect(try await center.run(["restore"]).stdout == "\(second)\n")
        #expect(try await center.run(["restore"]).stdout == "\(first)\n")
        let none = try await center.run(["restore"])
        #expect(none.status == 3)
        #expect(none.stderr.contains("no banner is left to bring back"))
    }

    @Test func closeNamesUnknownIdsAndRefusesBadOnes() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        _ = try await center.run(["post", "--new-app", "make", "--title", "known"])
        let id = try await Self.id(of: "known", in: center)
        let partly = try await center.run(["close", String(id), "424242"])
        #expect(partly.status == 3)
        #expect(partly.stderr == "herald close: no notification has the id 424242; `herald history` lists them\n")
        let bad = try await center.run(["close", "seven"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("herald close: 'seven' is not a notification id"))
        #expect(try await center.run(["close"]).status == 2)
        #expect(try await center.run(["close", "--all", String(id)]).status == 2)
    }

    /// What `invoke` answers reaches the script waiting in `herald post --wait`.
    @Test func invokeAnswersAsIfPressed() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let deploy = ["--new-app", "ci", "--action", "approve:Approve", "--action", "reject:Reject",
                      "--reply", "comment:Comment:Send:Why?", "--wait"]
        let approve = try center.startPost(["--title", "Deploy A?"] + deploy)
        let reply = try center.startPost(["--title", "Deploy B?"] + deploy)
        let open = try center.startPost(["--title", "Deploy C?"] + deploy)
        let idA = try await waitForID("Deploy A?", center), idB = try await waitForID("Deploy B?", center)
        let idC = try await waitForID("Deploy C?", center)

        let unknown = try await center.run(["invoke", String(idA), "ship"])
        #expect(unknown.status == 3)
        #expect(unknown.stderr == "herald invoke: notification \(idA) has no action 'ship'; its actions: approve (Approve), "
                    + "reject (Reject), comment (Comment, takes --reply)\n")
        #expect(try await center.run(["invoke", String(idA), "comment"]).status == 2)   // a reply needs its text
        #expect(try await center.run(["invoke", "424242"]).status == 3)

        #expect(try await center.run(["invoke", String(idA), "approve"]).status == 0)
        #expect(try await center.run(["invoke", String(idB), "--reply", "not on a Friday"]).status == 0)
        #expect(try await center.run(["invoke", String(idC)]).status == 0)
        #expect(await approve.finish().stdout == "approve\n")
        #expect(await reply.finish().stdout == "not on a Friday\n")
        #expect(await open.finish().stdout == "@DEFAULT\n")
        #expect(try await center.run(["count", "--app", "ci"]).stdout == "0\n")   // answered: read
    }

    /// A D-Bus sender gets ActionInvoked (notify-send prints the action) when a script invokes.
    @Test(.requiring(DesktopSession.programs)) func invokeReachesADesktopSender() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let send = try desktop.startNotifySend(["-a", "Deployer", "--action=yes=Yes", "--action=no=No", "--wait", "Ship it?"])
        let rows = try await desktop.waitForHistory("the notification") { $0.contains { $0["title"] as? String == "Ship it?" } }
        let id = try #require((rows.first { $0["title"] as? String == "Ship it?" }?["id"] as? NSNumber)?.int64Value)
        #expect(try await desktop.center.run(["invoke", String(id), "yes"]).status == 0)
        let result = await send.finish()
        #expect(result.stdout == "yes\n")
    }

    @Test func dndToggleSaysWhatItIsNow() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        #expect(try await center.run(["dnd", "toggle"]).stdout == "on\n")
        #expect(try await center.run(["dnd"]).stdout == "on\n")
        #expect(try await center.run(["dnd", "toggle"]).stdout == "off\n")
        #expect(try await center.run(["dnd"]).stdout == "off\n")
        #expect(try await center.run(["dnd", "flip"]).status == 2)
    }

    /// The id of the notification titled `title`, once `herald post` (running) has posted it.
    func waitForID(_ title: String, _ center: CenterSession) async throws -> Int64 {
        let deadline = Date().addingTimeInterval(20)
        while true {
            if let id = try await Self.lookUp(title, in: center) { return id }
            guard Date() < deadline else { throw ProcessError("\(title) was never posted") }
            try await Task.sleep(for: .seconds(0.05))
        }
    }
}
}
