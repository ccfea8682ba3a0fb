import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// org.freedesktop.Notifications served by `herald daemon` on a private bus, driven by the real
/// `notify-send`, `gdbus`, `dbus-send` and `dbus-monitor`, answered in the `herald` UI in tmux.
/// Skips (printing why) when dbus-daemon or the clients are not installed.
@Suite(.requiring(DesktopSession.programs)) struct DesktopNotificationsTests {
    /// The footer of a banner on screen.
    static let bannerFooter = "Enter open · "

    /// The rows of history with `title`.
    static func rows(_ history: [[String: Any]], title: String) -> [[String: Any]] {
        history.filter { $0["title"] as? String == title }
    }

    @Test func notifySendWaitPrintsTheActionPickedInTheUI() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let send = try desktop.startNotifySend(["-a", "Deployer", "--action=yes=Yes", "--action=no=No", "--wait",
                                                "Deploy?", "Ship <b>v2</b>"])
        let screen = try await desktop.center.ui.waitFor("[1 Yes] [2 No]")
        #expect(screen.contains("Deployer"))
        #expect(screen.contains("Ship v2"))      // markup gone
        #expect(!screen.contains("<b>"))
        await desktop.center.ui.send("1")
        let result = await send.finish()
        #expect(result.status == 0)
        #expect(result.stdout == "yes\n")
        let row = try #require(Self.rows(try await desktop.history(), title: "Deploy?").first)
        #expect(row["app"] as? String == "desktop.deployer")
        #expect(row["inList"] as? Bool == false)
        #expect((row["responses"] as? [[String: Any]])?.first?["action"] as? String == "yes")
    }

    @Test func replaceIDReplacesInPlace() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let first = try await desktop.notifySend(["-p", "Copying 1 of 3"])
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await desktop.center.ui.waitFor("Copying 1 of 3")
        let second = try await desktop.notifySend(["-p", "--replace-id=\(id)", "Copying 2 of 3"])
        #expect(second.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == id)
        try await desktop.center.ui.waitFor("Copying 2 of 3")
        let history = try await desktop.waitForHistory("the replacement") { !Self.rows($0, title: "Copying 2 of 3").isEmpty }
        #expect(Self.rows(history, title: "Copying 1 of 3").isEmpty)
        #expect(await !desktop.center.ui.capture().contains("Copying 1 of 3"))
    }

    @Test func criticalStaysOnScreenAndIsCritical() async throws {
        let desktop = try await DesktopSession.start(bannerSeconds: 1)
        defer { desktop.close() }
        _ = try await desktop.notifySend(["-u", "critical", "Disk full", "/ is at 99%"])
        let screen = try await desktop.center.ui.waitFor("Disk full")
        #expect(screen.contains("x close"))       // an alert: stays until acted on
        _ = try await desktop.notifySend(["Routine"])    // a normal banner queues behind it, then times out
        let row = try #require(Self.rows(try await desktop.waitForHistory("critical") { !Self.rows($0, title: "Disk full").isEmpty },
                                         title: "Disk full").first)
        #expect(row["interruptionLevel"] as? String == "critical")
        #expect(await desktop.center.ui.capture().contains("Disk full"))
    }

    @Test func imagePathBecomesAnAttachment() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let image = BuiltProducts.packageRoot.appendingPathComponent("Assets/photo.png").path
        _ = try await desktop.notifySend(["-h", "string:image-path:\(image)", "With a picture"])
        try await desktop.center.ui.waitFor("📎")
        let row = try #require(Self.rows(try await desktop.history(), title: "With a picture").first)
        let attachment = try #require((row["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["type"] as? String == "public.png")
        #expect(attachment["fileName"] as? String == "photo.png")
        #expect(FileManager.default.fileExists(atPath: image))   // the sender's file is copied, not moved
    }

    @Test func stackTagReplacesTheEarlierNotification() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let first = try await desktop.notifySend(["-p", "-h", "string:x-dunst-stack-tag:vol", "-h", "int:value:40", "Volume"])
        try await desktop.center.ui.waitFor("40%")
        let second = try await desktop.notifySend(["-p", "-h", "string:x-dunst-stack-tag:vol", "-h", "int:value:70", "Volume"])
        #expect(first.stdout == second.stdout)
        try await desktop.center.ui.waitFor("70%")
        let history = try await desktop.waitForHistory("one volume row") {
            let rows = Self.rows($0, title: "Volume")
            return rows.count == 1 && (rows[0]["traits"] as? [String: Any])?["progress"] as? Int == 70
        }
        #expect(Self.rows(history, title: "Volume").count == 1)
    }

    @Test func progressValueIsDrawnAsABar() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        _ = try await desktop.notifySend(["-h", "int:value:40", "Downloading"])
        let screen = try await desktop.center.ui.waitFor("40%")
        #expect(screen.contains("████"))
        #expect(screen.contains("░░░░"))
        let row = try #require(Self.rows(try await desktop.history(), title: "Downloading").first)
        #expect((row["traits"] as? [String: Any])?["progress"] as? Int == 40)
    }

    @Test func transientIsShownButNotKept() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let monitor = try desktop.monitor()
        defer { monitor.close() }
        let send = try desktop.startNotifySend(["--transient", "-t", "1500", "--wait", "Screenshot saved"])
        try await desktop.center.ui.waitFor("Screenshot saved")
        try await offThePool { try monitor.waitForSignal("NotificationClosed(1, 1)") }    // expired
        _ = await send.finish()
        try await desktop.center.ui.waitForAbsence("Screenshot saved")
        try await desktop.waitForHistory("the transient notification to go") { Self.rows($0, title: "Screenshot saved").isEmpty }
    }

    @Test func expiredNotificationLeavesTheScreenButStaysInHistory() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let monitor = try desktop.monitor()
        defer { monitor.close() }
        let send = try desktop.startNotifySend(["-t", "1000", "--wait", "Short-lived"])
        try await desktop.center.ui.waitFor("Short-lived")
        try await offThePool { try monitor.waitForSignal("NotificationClosed(1, 1)") }
        _ = await send.finish()
        let row = try #require(Self.rows(try await desktop.waitForHistory("expired row") {
            Self.rows($0, title: "Short-lived").first?["inList"] as? Bool == false
        }, title: "Short-lived").first)
        #expect(row["inList"] as? Bool == false)
    }

    /// `CloseNotification` from another connection is refused while the sender waits (naming the
    /// owner), and the banner stays; once the sender has quit, any connection closes it and the
    /// banner leaves. (The sender's own close, with `NotificationClosed` reason 3 to it:
    /// `SenderOwnershipTests` in HeraldDBusTests.)
    @Test func closeNotificationIsTheSendersOrAnOrphans() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let waiting = try desktop.startNotifySend(["-p", "--wait", "Close me"])
        try await desktop.center.ui.waitFor("Close me")
        let refused = try await desktop.call("CloseNotification", ["1"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("notification 1 belongs to another sender"), "\(refused.stderr)")
        #expect(await desktop.center.ui.capture().contains(Self.bannerFooter))

        _ = await waiting.finish(timeout: 0)   // the sender quits (killed while it waits)
        let deadline = Date().addingTimeInterval(15)
        var close = try await desktop.call("CloseNotification", ["1"])
        while close.status != 0 && Date() < deadline {   // until the bus has told Herald it left
            try await Task.sleep(for: .seconds(0.05))
            close = try await desktop.call("CloseNotification", ["1"])
        }
        #expect(close.status == 0, "\(close.stderr)")
        try await desktop.center.ui.waitForAbsence(Self.bannerFooter)   // the banner left; the row stays in history
    }

    @Test func aDismissInTheUISendsReason2() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let monitor = try desktop.monitor()
        defer { monitor.close() }
        let dismissed = try desktop.startNotifySend(["--wait", "Dismiss me"])
        try await desktop.center.ui.waitFor("Dismiss me")
        await desktop.center.ui.send("x")
        try await offThePool { try monitor.waitForSignal("NotificationClosed(1, 2)") }
        #expect(await dismissed.finish().status == 0)
    }

    /// No `ActivationToken`: Herald has no window system to get one from, and sends none rather
    /// than an empty or made-up one.
    @Test func defaultActionIsEnterAndNoActivationTokenIsMadeUp() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let monitor = try desktop.monitor()
        defer { monitor.close() }
        let send = try desktop.startNotifySend(["--action=default=Open", "--action=later=Later", "--wait", "Mail"])
        let screen = try await desktop.center.ui.waitFor("[1 Later]")
        #expect(!screen.contains("Open"))     // "default" is Enter, not a button
        await desktop.center.ui.send("Enter")
        #expect(await send.finish().stdout == "default\n")
        try await offThePool { try monitor.waitForSignal("ActionInvoked(1, \"default\")") }
        try await offThePool { try monitor.waitForSignal("NotificationClosed(1, 2)") }
        #expect(!monitor.signals.contains { $0.hasPrefix("ActivationToken") }, "\(monitor.signals)")
    }

    @Test func inlineReplyArrivesAsNotificationReplied() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let monitor = try desktop.monitor()
        defer { monitor.close() }
        let send = try desktop.startNotifySend(["-a", "Chat", "--action=inline-reply=Reply",
                                                "-h", "string:x-kde-reply-placeholder-text:Say something",
                                                "--wait", "Alice", "Lunch?"])
        try await desktop.center.ui.waitFor("[1 Reply…]")
        await desktop.center.ui.send("r")
        try await desktop.center.ui.waitFor("Say something")
        await desktop.center.ui.send("at noon 🍜", "Enter")
        try await offThePool { try monitor.waitForSignal("NotificationReplied(1, \"at noon 🍜\")") }
        try await offThePool { try monitor.waitForSignal("NotificationClosed(1, 2)") }
        _ = await send.finish()
        let row = try #require(Self.rows(try await desktop.history(), title: "Alice").first)
        #expect((row["responses"] as? [[String: Any]])?.first?["text"] as? String == "at noon 🍜")
    }

    @Test func malformedCallsGetErrorsAndTheDaemonKeepsServing() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        // Wrong signature.
        let wrong = try await desktop.dbusSend("Notify", ["string:only-one-argument"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("InvalidArgs"))
        #expect(wrong.stderr.contains("susssasa{sv}i"))
        // Huge image-data.
        let huge = try await desktop.call("Notify", ["x", "0", "", "Huge", "", "[]",
                                                     "{'image-data': <(5000, 5000, 20000, true, 8, 4, [byte 0, 1, 2, 3])>}",
                                                     "-1"])
        #expect(huge.status != 0)
        #expect(huge.stderr.contains("image-data is 5000×5000"))
        // Pixels that do not match the size.
        let short = try await desktop.call("Notify", ["x", "0", "", "Short", "", "[]",
                                                      "{'image-data': <(64, 64, 256, true, 8, 4, [byte 0, 1, 2, 3])>}", "-1"])
        #expect(short.stderr.contains("InvalidArgs"))
        // Thousands of actions.
        let actions = "[" + (0..<2000).map { "'a\($0)', 'Action \($0)'" }.joined(separator: ", ") + "]"
        let many = try await desktop.call("Notify", ["x", "0", "", "Many", "", actions, "{}", "-1"])
        #expect(many.status != 0)
        #expect(many.stderr.contains("actions has 2000 pairs; the limit is 32"))
        // A wrongly typed hint.
        let badHint = try await desktop.call("Notify", ["x", "0", "", "Bad", "", "[]", "{'urgency': <'high'>}", "-1"])
        #expect(badHint.stderr.contains("hint urgency"))
        // An unknown method.
        let unknown = try await desktop.dbusSend("Frobnicate", [])
        #expect(unknown.stderr.contains("UnknownMethod"))
        // Still serving.
        let info = try await desktop.call("GetServerInformation", [])
        #expect(info.stdout.contains("'Herald'"))
        #expect(info.stdout.contains("'1.2'"))
        let ok = try await desktop.notifySend(["Still here"])
        #expect(ok.status == 0)
        try await desktop.center.ui.waitFor("Still here")
        let history = try await desktop.history()
        #expect(history.allSatisfy { ["Still here"].contains($0["title"] as? String ?? "") })
    }

    @Test func actionsWorkFromTheListWhileTheSenderWaits() async throws {
        let desktop = try await DesktopSession.start(bannerSeconds: 1)
        defer { desktop.close() }
        let send = try desktop.startNotifySend(["--action=ok=OK", "--wait", "From the list"])
        try await desktop.center.ui.waitFor("From the list")
        try await desktop.center.ui.waitForAbsence(Self.bannerFooter)    // the banner went; the row is selected
        await desktop.center.ui.send("1")
        #expect(await send.finish().stdout == "ok\n")
    }

    @Test func historySaysSoWhenTheSenderHasQuit() async throws {
        let desktop = try await DesktopSession.start(bannerSeconds: 1)
        defer { desktop.close() }
        // gdbus exits right after Notify (notify-send with --action would wait).
        let call = try await desktop.call("Notify", ["gdbus", "0", "", "Sender gone", "", "['ok', 'OK']", "{}", "-1"])
        #expect(call.status == 0, "\(call.stderr)")
        try await desktop.waitForHistory("the row marked") {
            (Self.rows($0, title: "Sender gone").first?["traits"] as? [String: Any])?["isSenderGone"] as? Bool == true
        }
        try await desktop.center.ui.waitFor("The sender has quit")
    }

    /// `sound` only while sounds play through a sound server (SoundTests has one): here the
    /// daemon has none, and the terminal bell alone is not what the spec means.
    @Test func capabilitiesAreWhatHeraldDoes() async throws {
        let runtime = try TemporaryDirectory("herald-no-sound-server")
        defer { runtime.remove() }
        let desktop = try await DesktopSession.start(
            daemonEnvironment: ["PULSE_SERVER": "", "XDG_RUNTIME_DIR": runtime.path, "HERALD_SOUND": "auto"])
        defer { desktop.close() }
        let caps = try await desktop.call("GetCapabilities", [])
        for capability in ["actions", "body", "body-markup", "body-hyperlinks", "icon-static", "persistence",
                           "inline-reply"] {
            #expect(caps.stdout.contains("'\(capability)'"))
        }
        #expect(!caps.stdout.contains("'sound'"), "\(caps.stdout)")
    }
}
}
