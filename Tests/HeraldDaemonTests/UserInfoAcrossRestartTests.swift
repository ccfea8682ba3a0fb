import Foundation
import Testing
import TestSupport

/// `userinfo-probe` — app code importing only UserNotifications — stores a `userInfo` of every
/// property-list type (dates, data, integral doubles, booleans, nested containers) in a real
/// `herald daemon`, and reads it back from the pending list and the delivered list, before and
/// after the daemon restarts on the same store.
@Suite("userInfo across a daemon restart", .serialized)
struct UserInfoAcrossRestartTests {
    static let app = "com.example.userinfo"

    @Test("property-list values come back as they went in, pending and delivered, after a restart")
    func valuesSurviveARestart() async throws {
        let first = try await DaemonFixture.start(DaemonOptions(["--prompt", "allow"]))
        let posted = try await runBuiltProgram("userinfo-probe", ["post"],
                                               environment: first.appEnvironment(bundleIdentifier: Self.app))
        #expect(posted.status == 0, "\(posted.stdout)\(posted.stderr)")
        let before = try await runBuiltProgram("userinfo-probe", ["read"],
                                               environment: first.appEnvironment(bundleIdentifier: Self.app))
        #expect(before.stdout == "pending: ok\ndelivered: ok\n", "\(before.stdout)\(before.stderr)")
        await first.stop(removingHome: false)

        let second = try await DaemonFixture.start(DaemonOptions(["--prompt", "allow"]), home: first.home)
        let after = try await runBuiltProgram("userinfo-probe", ["read"],
                                              environment: second.appEnvironment(bundleIdentifier: Self.app))
        await second.stop()
        #expect(after.status == 0)
        #expect(after.stdout == "pending: ok\ndelivered: ok\n", "\(after.stdout)\(after.stderr)")
    }
}
