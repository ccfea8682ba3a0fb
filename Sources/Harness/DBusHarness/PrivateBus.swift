import Foundation
import HeraldSystem
#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus bus for one test or benchmark, stopped by its owner with `stop()`:
/// `dbus-daemon --config-file=… --print-address --nofork` with a configuration that has **no
/// service directories**. With the standard session configuration, a call to a name nobody owns
/// would start the installed notification server (Debian's dunst installs an
/// `org.freedesktop.Notifications` service file), which could win the name from the server under
/// test; here such a call fails at once. The daemon's output goes to a file in the bus's own
/// directory (nothing to drain), and every wait has a time limit. Shared by the tests (through
/// TestSupport) and herald-bench.
///
/// ```swift
/// // (in a test marked `.requiring("dbus-daemon", "notify-send")`)
/// let bus = try PrivateBus()
/// defer { bus.stop() }
/// try ProcessRunner.run(Programs.which("notify-send")!, ["Hi"], environment: bus.environment)
/// ```
public final class PrivateBus: Sendable {
    /// The bus address (`unix:abstract=…,guid=…`).
    public let address: String
    /// The bus's own directory (configuration, log); removed by `stop()`.
    public let directory: URL
    private let process: ChildProcess
    private let output: LogFile

    /// Starts the bus and waits (`timeout` seconds at most) for its address. `serviceDirectory`:
    /// the one directory of D-Bus service files the bus activates from (none by default);
    /// `environment`: added to the bus daemon's, which the programs it activates inherit.
    public init(timeout: TimeInterval = 15, serviceDirectory: String? = nil, environment: [String: String] = [:]) throws {
        guard let executable = Programs.which("dbus-daemon") else { throw ProcessError("dbus-daemon is not installed") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("bus.conf")
        let services = serviceDirectory.map { "  <servicedir>\($0)</servicedir>\n</busconfig>" } ?? "</busconfig>"
        try Self.configuration.replacingOccurrences(of: "</busconfig>", with: services)
            .write(to: configuration, atomically: true, encoding: .utf8)
        output = LogFile(path: directory.appendingPathComponent("dbus-daemon.log").path)
        process = try ChildProcess(executable, ["--config-file=\(configuration.path)", "--print-address=1", "--nofork"],
                                   environment: environment, streams: .logFile(output.path))
        let process = self.process
        let line = output.waitForLine(until: Date().addingTimeInterval(timeout), isAlive: { process.isRunning }) {
            $0.hasPrefix("unix:")
        }
        guard let line else {
            let log = output.text
            process.stop(within: 5)
            try? FileManager.default.removeItem(at: directory)
            throw ProcessError("dbus-daemon gave no address within \(Int(timeout)) s: \(log)")
        }
        address = line
    }

    /// The environment a client of this bus needs.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// What the bus daemon printed (for failure messages).
    public var log: String { output.text }

    /// Stops the bus (SIGTERM; SIGKILL after 10 s) and removes its directory. Safe to call twice.
    public func stop() {
        process.stop(within: 10)
        try? FileManager.default.removeItem(at: directory)
    }

    /// `session.conf` without `<standard_session_servicedirs/>`, includes or `<servicedir>`.
    static let configuration = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <keep_umask/>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>

        """
}
