import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// The D-Bus front door on a private bus (a real dbus-daemon), in front of a real engine
/// (`EngineHarness`), for driving with the real `notify-send` and `gdbus` and with libdbus
/// connections of the test's own (`DesktopNotificationsClient`). Every blocking call runs off
/// the cooperative pool.
///
/// ```swift
/// try await DoorFixture.with { fixture in
///     let run = try await fixture.notifySend(["-a", "ci", "Build done"])
/// }
/// ```
final class DoorFixture: Sendable {
    let bus: PrivateBus
    let harness: EngineHarness
    let door: DesktopNotificationsDoor

    /// The programs it runs: a test using it is marked `.requiring(DoorFixture.programs)`.
    static let programs = ["dbus-daemon", "notify-send", "gdbus", "dbus-monitor"]

    /// Runs `body` with a fixture, then closes it (also when `body` throws).
    static func with(configuration: EngineConfiguration = EngineConfiguration(), postLimiter: PostRateLimiter? = nil,
                     _ body: (DoorFixture) async throws -> Void) async throws {
        try await using(try await start(configuration: configuration, postLimiter: postLimiter), body,
                        closing: { await $0.close() })
    }

    private static func start(configuration: EngineConfiguration, postLimiter: PostRateLimiter?) async throws -> DoorFixture {
        let bus = try await offThePool { try PrivateBus() }
        do {
            let harness = try await EngineHarness(configuration: configuration)
            let outcome = await DesktopNotificationsDoor.open(
                engine: harness.engine, options: .init(address: bus.address,
                                                      stagingDirectory: harness.directory.url.appendingPathComponent("staging"),
                                                      postLimiter: postLimiter))
            guard case .serving(let door, _) = outcome else { throw TestFailure("the door did not open: \(outcome)") }
            return DoorFixture(bus: bus, harness: harness, door: door)
        } catch {
            await offThePool { bus.stop() }
            throw error
        }
    }

    private init(bus: PrivateBus, harness: EngineHarness, door: DesktopNotificationsDoor) {
        self.bus = bus
        self.harness = harness
        self.door = door
    }

    /// `notify-send ARGS`, run to completion.
    func notifySend(_ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(Programs.which("notify-send")!, arguments, environment: bus.environment)
    }

    /// `gdbus call` of `method` (`Interface.Member`) on the notifications object, arguments in
    /// GVariant text.
    func gdbus(_ method: String, _ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(Programs.which("gdbus")!,
                             ["call", "--session", "--dest", "org.freedesktop.Notifications",
                              "--object-path", "/org/freedesktop/Notifications", "--method", method, "--"] + arguments,
                             environment: bus.environment)
    }

    /// `Notify` through gdbus with `hints` in GVariant text: the id, or the error gdbus printed.
    func notify(app: String, icon: String = "", summary: String, hints: String = "{}") async throws
        -> (id: UInt32?, error: String) {
        let run = try await gdbus("org.freedesktop.Notifications.Notify",
                                  [app, "0", icon, summary, "", "[]", hints, "-1"])
        guard run.status == 0 else { return (nil, run.stderr) }
        return (UInt32(run.stdout.drop { !$0.isNumber }.prefix { $0.isNumber }), run.stdout)
    }

    /// A connection of the test's own to the bus: one sender, that stays until `close()`.
    func sender() async throws -> Sender {
        let address = bus.address
        return try await offThePool { Sender(try DesktopNotificationsClient(address: address)) }
    }

    /// One libdbus connection, called off the pool (one call at a time).
    final class Sender: @unchecked Sendable {
        private let client: DesktopNotificationsClient

        init(_ client: DesktopNotificationsClient) { self.client = client }

        func notify(app: String, replacesID: UInt32 = 0, summary: String, body: String = "",
                    actions: [String] = []) async throws -> UInt32 {
            try await offThePool {
                try self.client.notify(appName: app, replacesID: replacesID, summary: summary, body: body, actions: actions)
            }
        }

        func closeNotification(_ id: UInt32) async throws {
            try await offThePool { try self.client.closeNotification(id) }
        }

        func close() { client.close() }
    }

    /// The notifications in history, newest first.
    func history() throws -> [DeliveredRecord] {
        try harness.store.history(HistoryQuery(limit: 1000))
    }

    /// Polls `condition` (every 20 ms, 20 s at most) until it holds.
    func waitUntil(_ what: String, _ condition: @Sendable () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(20)
        while try await !condition() {
            guard Date() < deadline else { throw TestFailure("timed out waiting until \(what)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// A `dbus-monitor` watching the notifications interface's signals.
    func monitor() async throws -> BusMonitor {
        let bus = self.bus
        return try await offThePool { try BusMonitor(bus: bus, interface: "org.freedesktop.Notifications") }
    }

    func close() async {
        await door.close()
        let bus = self.bus
        await offThePool { bus.stop() }
        harness.directory.remove()
    }
}
