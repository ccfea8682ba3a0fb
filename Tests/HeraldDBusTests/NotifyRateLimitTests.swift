import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// The daemon's per-app post limit holds at the D-Bus door: a desktop app posting past it gets
/// `org.freedesktop.DBus.Error.LimitsExceeded` naming the app and the limit, nothing is stored
/// for the refused calls, and the door keeps serving other apps. A real private bus, the real
/// door and engine, the real `notify-send`; the limiter's clock stands still, so no token comes
/// back while the test runs however slow the machine is.
@Suite struct NotifyRateLimitTests {
    static let stopped = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(.requiring("dbus-daemon", "notify-send")) func notifyPastTheRateIsRefusedWithLimitsExceededAndTheDoorKeepsServing() async throws {
        let bus = try await offThePool { try PrivateBus() }
        defer { bus.stop() }
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let limiter = PostRateLimiter(RateLimit(perSecond: 1, burst: 3), now: { Self.stopped })
        let outcome = await DesktopNotificationsDoor.open(
            engine: harness.engine, options: .init(address: bus.address,
                                                  stagingDirectory: harness.directory.url.appendingPathComponent("staging"),
                                                  postLimiter: limiter))
        guard case .serving(let door, _) = outcome else { Issue.record("the door did not open: \(outcome)"); return }

        let notifySend = try #require(Programs.which("notify-send"))
        var runs: [ProgramResult] = []
        for n in 1...5 {
            runs.append(try await runProgram(notifySend, ["-a", "flood", "Flood \(n)"], environment: bus.environment))
        }
        #expect(runs.map(\.status) == [0, 0, 0, 1, 1], "\(runs.map(\.stderr))")
        for refused in runs.dropFirst(3) {
            #expect(refused.stderr.contains("org.freedesktop.DBus.Error.LimitsExceeded"), "\(refused.stderr)")
            #expect(refused.stderr.contains("desktop.flood is posting faster than its limit of 1 a second (bursts of 3)"),
                    "\(refused.stderr)")
        }

        // Another app has its own bucket; the door (and the bus connection) still serve.
        let address = bus.address
        let (other, information) = try await offThePool {
            let client = try DesktopNotificationsClient(address: address)
            defer { client.close() }
            return (try client.notify(appName: "calm", summary: "Still served", body: ""), try client.serverInformation())
        }
        #expect(other > 0)
        #expect(information.first == "Herald")
        let titles = try harness.store.history(HistoryQuery(limit: 100)).map(\.request.content.title).sorted()
        #expect(titles == ["Flood 1", "Flood 2", "Flood 3", "Still served"])
        await door.close()
    }

    @Test func theErrorCarriesTheStandardName() {
        let error = DBusCallError.limitsExceeded("desktop.flood is posting faster than its limit")
        #expect(error.name == "org.freedesktop.DBus.Error.LimitsExceeded")
        #expect(error.message == "desktop.flood is posting faster than its limit")
    }
}

/// One connection that gives a new `app_name` with every call is held to the rate too: the limit
/// holds per sender connection as well as per app. Real bus, door and engine; a stopped clock.
@Suite struct SenderRateLimitTests {
    @Test(.requiring(DoorFixture.programs)) func rotatingAppNamesOnOneConnectionIsRefusedPastTheRate() async throws {
        let limiter = PostRateLimiter(RateLimit(perSecond: 1, burst: 3), now: { NotifyRateLimitTests.stopped })
        try await DoorFixture.with(postLimiter: limiter) { fixture in
            let rotating = try await fixture.sender()
            var accepted: [String] = []
            var refusals: [String] = []
            for n in 1...5 {
                do {
                    _ = try await rotating.notify(app: "rotating-\(n)", summary: "Rotating \(n)")
                    accepted.append("rotating-\(n)")
                } catch {
                    refusals.append("\(error)")
                }
            }
            #expect(accepted == ["rotating-1", "rotating-2", "rotating-3"], "\(refusals)")
            #expect(refusals.count == 2)
            for refusal in refusals {
                #expect(refusal.contains("org.freedesktop.DBus.Error.LimitsExceeded"), "\(refusal)")
                #expect(refusal.contains("is posting faster than its limit of 1 a second (bursts of 3)"), "\(refusal)")
                #expect(refusal.contains("connection"), "\(refusal)")
            }
            // Another connection (and app) is served.
            let calm = try await fixture.sender()
            #expect(try await calm.notify(app: "calm", summary: "Still served") > 0)
            let titles = try fixture.history().map(\.request.content.title).sorted()
            #expect(titles == ["Rotating 1", "Rotating 2", "Rotating 3", "Still served"])
            rotating.close()
            calm.close()
        }
    }
}
