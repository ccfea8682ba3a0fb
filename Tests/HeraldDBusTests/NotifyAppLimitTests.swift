import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// A `Notify` that would make a new app past the center's app limit is answered
/// `org.freedesktop.DBus.Error.LimitsExceeded` with the sentence that names the limit (the real
/// `notify-send` prints it and fails); the apps the center has are served as before. Real bus,
/// door and engine.
@Suite struct NotifyAppLimitTests {
    @Test(.requiring(DoorFixture.programs)) func aNewAppPastTheLimitIsRefusedNamingIt() async throws {
        var configuration = EngineConfiguration()
        configuration.appLimit = 2
        try await DoorFixture.with(configuration: configuration) { fixture in
            for app in ["first", "second"] {
                let run = try await fixture.notifySend(["-a", app, "From \(app)"])
                #expect(run.status == 0, "\(run.stderr)")
            }
            let refused = try await fixture.notifySend(["-a", "third", "From third"])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("org.freedesktop.DBus.Error.LimitsExceeded"), "\(refused.stderr)")
            #expect(refused.stderr.contains("the center already has 2 apps, its limit"), "\(refused.stderr)")
            #expect(try await fixture.notifySend(["-a", "first", "Again"]).status == 0)
            #expect(try await fixture.harness.engine.apps().map(\.bundleIdentifier).sorted() == ["desktop.first", "desktop.second"])
            #expect(try fixture.history().map(\.request.content.title).sorted() == ["Again", "From first", "From second"])
        }
    }
}
