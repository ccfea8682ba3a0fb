import Foundation
import TestSupport

/// A center serving org.freedesktop.Notifications on a private bus, with a UI in tmux, for
/// driving it with the real `notify-send`, `gdbus` and `dbus-send`.
///
/// ```swift
/// let desktop = try await DesktopSession.start()
/// defer { desktop.close() }
/// let send = try desktop.startNotifySend(["--action=yes=Yes", "--wait", "Deploy?"])
/// try await desktop.center.ui.waitFor("[1 Yes]")
/// ```
final class DesktopSession: @unchecked Sendable {
    let bus: PrivateBus
    let center: CenterSession

    /// The programs it runs: a test using it is marked `.requiring(DesktopSession.programs)`.
    static let programs = ["dbus-daemon", "notify-send", "gdbus", "dbus-send", "dbus-monitor"]

    /// Starts the bus and the center. `uiCount` UIs are attached (0: the center reaches the user
    /// some other way, as tmux).
    static func start(bannerSeconds: Int = 30, daemonEnvironment: [String: String] = [:],
                      uiCount: Int = 1) async throws -> DesktopSession {
        let bus = try PrivateBus()
        do {
            return try await DesktopSession(bus: bus, bannerSeconds: bannerSeconds, daemonEnvironment: daemonEnvironment,
                                            uiCount: uiCount)
        } catch {
            bus.stop()
            throw error
        }
    }

    private init(bus: PrivateBus, bannerSeconds: Int, daemonEnvironment: [String: String], uiCount: Int) async throws {
        self.bus = bus
        center = try await CenterSession(uiCount: uiCount, bannerSeconds: bannerSeconds, bus: bus,
                                         daemonEnvironment: daemonEnvironment)
        try await waitForName()
    }

    /// Waits until the daemon owns org.freedesktop.Notifications.
    private func waitForName() async throws {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let answer = try await gdbus(["--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                          "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications"])
            if answer.stdout.contains("true") { return }
            guard Date() < deadline else { throw ProcessError("the daemon never owned org.freedesktop.Notifications") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Runs `notify-send ARGS` to completion.
    func notifySend(_ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(Programs.which("notify-send")!, arguments, environment: bus.environment)
    }

    /// Starts `notify-send ARGS` (for `--wait`); `finish()` collects it.
    func startNotifySend(_ arguments: [String]) throws -> RunningCommand {
        try RunningCommand(Programs.which("notify-send")!, arguments, environment: bus.environment)
    }

    /// `gdbus call --session ARGS`.
    func gdbus(_ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(Programs.which("gdbus")!, ["call", "--session"] + arguments, environment: bus.environment)
    }

    /// `gdbus call` of a method of org.freedesktop.Notifications.
    func call(_ method: String, _ arguments: [String]) async throws -> ProgramResult {
        try await gdbus(["--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                         "--method", "org.freedesktop.Notifications.\(method)", "--"] + arguments)
    }

    /// `dbus-send` of a method call, with its arguments in dbus-send's syntax (no introspection,
    /// so the call reaches the daemon exactly as written).
    func dbusSend(_ method: String, _ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(Programs.which("dbus-send")!,
                             ["--session", "--print-reply", "--dest=org.freedesktop.Notifications",
                              "/org/freedesktop/Notifications", "org.freedesktop.Notifications.\(method)"] + arguments,
                             environment: bus.environment)
    }

    /// Watches the notifications interface's signals.
    func monitor() throws -> BusMonitor {
        try BusMonitor(bus: bus, interface: "org.freedesktop.Notifications")
    }

    /// `herald history --json`, parsed.
    func history() async throws -> [[String: Any]] {
        let result = try await center.run(["history", "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return parsed as? [[String: Any]] ?? []
    }

    /// Polls history until `condition` holds; returns it.
    @discardableResult
    func waitForHistory(_ what: String, timeout: TimeInterval = 15,
                        _ condition: ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        var rows = try await history()
        while !condition(rows) {
            guard Date() < deadline else { throw ProcessError("timed out waiting for \(what); history: \(rows)") }
            try await Task.sleep(nanoseconds: 50_000_000)
            rows = try await history()
        }
        return rows
    }

    func close() {
        center.close()
        bus.stop()
    }
}
