import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// A D-Bus sender's `image-path` names a file the daemon reads; when it is a named pipe, the
/// real daemon refuses the image at once (the notification is shown without it, the log says
/// why), and neither that `Notify` nor any later one — from any sender — waits on the pipe.
/// Real dbus-daemon and `notify-send`; skipped, with the reason printed, when they are missing.
@Suite struct UntrustedImagePathTests {
    @Test(.requiring("dbus-daemon", "notify-send")) func aPipeAsImagePathHoldsUpNoNotify() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let center = try await CenterSession(uiCount: 0, bus: bus)
        defer { center.close() }
        try bus.waitForNotificationServer(named: "Herald")
        let notifySend = try #require(Programs.which("notify-send"))
        let pipe = center.home.path + "/picture.png"
        #expect(mkfifo(pipe, 0o600) == 0)

        let throughPipe = try RunningCommand(notifySend, ["-a", "sender-one", "-h", "string:image-path:\(pipe)",
                                                          "Through a pipe"], environment: bus.environment)
        let after = try RunningCommand(notifySend, ["-a", "sender-two", "After the pipe"], environment: bus.environment)
        let first = await throughPipe.finish(timeout: 60)
        let second = await after.finish(timeout: 60)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        let history = try await center.run(["history", "--json"])
        #expect(history.stdout.contains("Through a pipe") && history.stdout.contains("After the pipe"), "\(history.stdout)")
        #expect(center.daemonLog.contains("image not attached") && center.daemonLog.contains("named pipe"),
                "\(center.daemonLog.suffix(2000))")
    }
}
}
