import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The D-Bus front door's edges: who holds org.freedesktop.Notifications (dunst, a replacer),
/// icon-theme names, and bytes that are not UTF-8. Real dbus-daemon, dunst under Xvfb,
/// notify-send and dbus-send; skips (printing why) when they are missing.
@Suite struct DesktopNotificationsNameAndInputTests {
    /// dunst holds the name and does not allow replacement: `--dbus-replace` says so, naming it;
    /// Herald waits in the bus's queue and serves once dunst quits. A server that replaces
    /// Herald is named too, and the name comes back to Herald when it leaves.
    @Test(.skipped(because: DunstServer.unavailableReason), .requiring("dbus-daemon", "dbus-send")) func theHolderIsNamedAndTheNameComesBackToHerald() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let dunst = try DunstServer(bus: bus)
        defer { dunst.stop() }
        let center = try await CenterSession(uiCount: 0, daemonArguments: ["--dbus-replace"], bus: bus)
        defer { center.close() }
        try await center.daemon.waitForLog("is held by dunst (pid \(dunst.pid)")
        #expect(center.daemonLog.contains("which does not allow replacement; Herald serves it when that server leaves"))
        #expect(try bus.waitForNotificationServer().first == "dunst")

        dunst.stop()
        try await center.daemon.waitForLog("(the server holding it left)")
        try bus.waitForNotificationServer(named: "Herald")

        // A replacer that quits at once (dbus-send asks for the name with REPLACE_EXISTING).
        let replace = try await runProgram(
            Programs.which("dbus-send")!, ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus.RequestName", "string:org.freedesktop.Notifications",
                                           "uint32:2"], environment: bus.environment)
        #expect(replace.stdout.contains("uint32 1"), "\(replace.stdout) \(replace.stderr)")   // primary owner
        try await center.daemon.waitForLog("replaced Herald as org.freedesktop.Notifications")
        try await center.daemon.waitForLog("(the server holding it left)", count: 2)
        try bus.waitForNotificationServer(named: "Herald")
    }

    /// An `image-path` that is an icon-theme name: the PNG from the theme becomes the attachment.
    @Test(.requiring(DesktopSession.programs)) func anIconThemeNameBecomesAnAttachment() async throws {
        let share = try TemporaryDirectory("herald-icons")
        defer { share.remove() }
        let icon = share.url.appendingPathComponent("icons/hicolor/48x48/apps/herald-test-icon.png")
        try FileManager.default.createDirectory(at: icon.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Hicolor\nDirectories=48x48/apps\n"
            .write(to: share.url.appendingPathComponent("icons/hicolor/index.theme"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: BuiltProducts.packageRoot.appendingPathComponent("Assets/photo.png"), to: icon)
        let desktop = try await DesktopSession.start(daemonEnvironment: ["XDG_DATA_DIRS": share.path])
        defer { desktop.close() }
        _ = try await desktop.notifySend(["-h", "string:image-path:herald-test-icon", "Themed icon"])
        try await desktop.center.ui.waitFor("📎")
        let row = try #require(DesktopNotificationsTests.rows(try await desktop.history(), title: "Themed icon").first)
        let attachment = try #require((row["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["type"] as? String == "public.png")
        #expect(FileManager.default.fileExists(atPath: icon.path))   // the theme's file is copied, not moved
    }

    /// A summary that is not UTF-8 never reaches Herald: libdbus and GLib refuse to send it, and
    /// the bus drops a connection that sends it by hand. The same hand-made call with valid text
    /// is shown (so the call itself is right), and Herald keeps serving.
    @Test(.requiring(DesktopSession.programs)) func invalidUTF8IsStoppedByTheBusAndHeraldKeepsServing() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.close() }
        let raw = try RawBusConnection(address: desktop.bus.address)
        func notify(_ summary: [UInt8]) throws {
            try raw.call(destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                         interface: "org.freedesktop.Notifications", member: "Notify", signature: "susssasa{sv}i",
                         body: RawBusConnection.notifyBody(appName: "raw", summary: summary))
        }
        try notify(Array("Hand-made call".utf8))
        try await desktop.center.ui.waitFor("Hand-made call")
        try notify(Array("Broken ".utf8) + [0xC3, 0x28, 0xFF])
        #expect(raw.waitForEndOfFile(timeout: 15), "the bus kept a connection that sent invalid UTF-8")

        let ok = try await desktop.notifySend(["Still serving"])
        #expect(ok.status == 0)
        try await desktop.center.ui.waitFor("Still serving")
        let titles = try await desktop.history().compactMap { $0["title"] as? String }
        #expect(Set(titles) == ["Hand-made call", "Still serving"], "\(titles)")
    }
}
}
