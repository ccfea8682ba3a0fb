import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus for a test: `dbus-daemon --session --print-address --nofork`,
/// stopped by `close()`. Tests that need one skip (with the reason printed) when `dbus-daemon`
/// is not installed.
///
/// ```swift
/// guard let bus = try PrivateBus.startIfAvailable() else { return }
/// defer { bus.close() }
/// let env = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
/// ```
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    private let daemon: ChildProcess

    /// The bus, or `nil` (and a printed reason) when `dbus-daemon` is missing.
    public static func startIfAvailable(requiring tools: [String] = []) throws -> PrivateBus? {
        for tool in ["dbus-daemon"] + tools where PrivateBus.which(tool) == nil {
            print("skipped: \(tool) is not installed (apt-get install dbus-daemon libnotify-bin libglib2.0-bin dbus-bin)")
            return nil
        }
        return try PrivateBus()
    }

    public init() throws {
        guard let executable = PrivateBus.which("dbus-daemon") else { throw ProcessError("dbus-daemon is not installed") }
        daemon = try ChildProcess(executable, ["--session", "--print-address=1", "--nofork"], environment: nil,
                                  captureOutput: true)
        guard let line = daemon.readLine(), !line.isEmpty else {
            daemon.signal(SIGTERM)
            daemon.wait()
            throw ProcessError("dbus-daemon printed no address")
        }
        address = line
    }

    /// The environment a client of this bus needs.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    public func close() {
        daemon.signal(SIGTERM)
        daemon.wait()
    }

    /// The full path of a program on `PATH`, or `nil`.
    public static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/sbin"] {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
