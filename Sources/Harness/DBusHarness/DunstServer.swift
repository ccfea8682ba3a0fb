import Foundation
import HeraldSystem

/// Debian's dunst, the notification server Herald is compared with: on an Xvfb display of its
/// own (Xvfb picks a free one, `-displayfd`) and serving a bus it is given. Output of both goes to
/// files in the bus's directory; every wait has a time limit; `stop()` ends both.
///
/// ```swift
/// let bus = try PrivateBus()
/// let dunst = try DunstServer(bus: bus)
/// defer { dunst.stop(); bus.stop() }
/// ```
public final class DunstServer: Sendable {
    /// dunst's version, from `GetServerInformation`.
    public let version: String
    /// The process id (for checking what the bus reports as the name's owner).
    public var pid: pid_t { dunst.pid }
    private let xvfb: ChildProcess
    private let dunst: ChildProcess
    private let dunstLog: LogFile

    /// Why dunst cannot run here, or `nil`.
    public static var unavailableReason: String? { Programs.missing(["dunst", "Xvfb"]) }

    /// Starts Xvfb, then dunst on `bus`; returns once dunst answers on the bus.
    public init(bus: PrivateBus, timeout: TimeInterval = 30) throws {
        guard let xvfbPath = Programs.which("Xvfb"), let dunstPath = Programs.which("dunst") else {
            throw ProcessError(DunstServer.unavailableReason ?? "dunst or Xvfb is missing")
        }
        let deadline = Date().addingTimeInterval(timeout)
        let xvfbLog = LogFile(path: bus.directory.appendingPathComponent("xvfb.log").path)
        xvfb = try ChildProcess(xvfbPath, ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x800x24"],
                                streams: .logFile(xvfbLog.path))
        let xvfb = self.xvfb
        guard let display = xvfbLog.waitForLine(until: deadline, isAlive: { xvfb.isRunning }, {
            !$0.isEmpty && $0.allSatisfy(\.isNumber)
        }) else {
            xvfb.stop(within: 5)
            throw ProcessError("Xvfb reported no display: \(xvfbLog.text)")
        }
        dunstLog = LogFile(path: bus.directory.appendingPathComponent("dunst.log").path)
        do {
            dunst = try ChildProcess(dunstPath, [], environment: ["DISPLAY": ":\(display)"].merging(bus.environment) { $1 },
                                     unsetting: ["WAYLAND_DISPLAY"], streams: .logFile(dunstLog.path))
        } catch {
            xvfb.stop(within: 5)
            throw error
        }
        do {
            let info = try bus.waitForNotificationServer(timeout: max(1, deadline.timeIntervalSinceNow))
            version = info.dropFirst(2).first ?? "?"
        } catch {
            let log = dunstLog.text
            dunst.stop(within: 5)
            xvfb.stop(within: 5)
            throw ProcessError("dunst did not serve the bus: \(error); its log: \(log)")
        }
    }

    /// Whether dunst is still running (it quits when it loses the name).
    public var isRunning: Bool { dunst.isRunning }

    /// What dunst printed.
    public var log: String { dunstLog.text }

    /// Stops dunst, then Xvfb.
    public func stop() {
        dunst.stop(within: 10)
        xvfb.stop(within: 10)
    }
}
