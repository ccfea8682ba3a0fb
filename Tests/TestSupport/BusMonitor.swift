import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `dbus-monitor` on a private bus, watching the signals of one interface; the test waits for
/// the lines it expects (bounded waits, no timing assertions).
///
/// ```swift
/// let monitor = try BusMonitor(bus: bus, interface: "org.freedesktop.Notifications")
/// defer { monitor.close() }
/// try monitor.waitFor("member=NotificationClosed")
/// ```
public final class BusMonitor: @unchecked Sendable {
    private let process: ChildProcess
    private let lines = Mutex<[String]>([])

    /// Starts the monitor and returns once it is monitoring.
    public init(bus: PrivateBus, interface: String) throws {
        guard let executable = Programs.which("dbus-monitor") else { throw ProcessError("dbus-monitor is not installed") }
        process = try ChildProcess(executable, ["--session", "type='signal',interface='\(interface)'"],
                                   environment: bus.environment, captureOutput: true)
        Thread { [self] in
            while let line = process.readLine() { lines.withLock { $0.append(line) } }
        }.start()
        // dbus-monitor reports losing its own unique name when it becomes a monitor.
        try waitUntil("monitor to start") { $0.contains("NameLost") }
    }

    /// Everything printed so far.
    public var output: String { lines.withLock { $0.joined(separator: "\n") } }

    /// The signals seen so far, as `member(arg, arg…)` strings, e.g. `NotificationClosed(1, 3)`.
    public var signals: [String] {
        var result: [String] = []
        var current: (member: String, args: [String])?
        for line in lines.withLock({ $0 }) {
            if line.hasPrefix("signal ") {
                if let current { result.append("\(current.member)(\(current.args.joined(separator: ", ")))") }
                let member = line.components(separatedBy: "member=").last ?? ""
                current = line.contains("interface=org.freedesktop.DBus;") ? nil : (member, [])
            } else if current != nil {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let space = trimmed.firstIndex(of: " ") { current?.args.append(String(trimmed[trimmed.index(after: space)...])) }
            }
        }
        if let current { result.append("\(current.member)(\(current.args.joined(separator: ", ")))") }
        return result
    }

    /// Waits until a signal description (`signals`) contains `text`; throws with the output.
    public func waitForSignal(_ text: String, timeout: TimeInterval = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !signals.contains(where: { $0.contains(text) }) {
            guard Date() < deadline else {
                throw ProcessError("timed out waiting for signal \(text); saw \(signals)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private func waitUntil(_ what: String, timeout: TimeInterval = 15, _ condition: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(output) {
            guard Date() < deadline else { throw ProcessError("timed out waiting for \(what); output:\n\(output)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    public func close() {
        process.stop(within: 10)
    }
}
