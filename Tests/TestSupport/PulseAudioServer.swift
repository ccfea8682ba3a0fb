import DBusHarness
import Foundation
import HeraldSystem
#if canImport(Glibc)
import Glibc
#endif

/// A private PulseAudio server with a null sink (no sound card needed), for the sound tests:
/// started in a temporary directory with its own native socket, logging every stream it plays.
/// Clients reach it with `environment` (`PULSE_SERVER`). What it played is read from its log
/// (`Created input N "NAME"`, NAME being the stream's `media.name`), so a test never has to
/// catch a short sound while it plays.
///
/// ```swift
/// let pulse = try await PulseAudioServer()
/// defer { pulse.stop() }
/// // … run the program under test with pulse.environment …
/// #expect(try await pulse.waitForStreams(1) == ["message-new-instant"])
/// ```
public final class PulseAudioServer: Sendable {
    public let directory: TemporaryDirectory
    private let process: ChildProcess

    /// Whether the tests can run here: pulseaudio, pactl and libcanberra (with its PulseAudio
    /// driver, Debian's libcanberra-pulse) are installed.
    public static var isInstalled: Bool {
        Programs.which("pulseaudio") != nil && Programs.which("pactl") != nil
            && libraryDirectories.contains { FileManager.default.fileExists(atPath: $0 + "/libcanberra.so.0") }
    }

    private static let libraryDirectories = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]

    /// The socket clients connect to.
    public var socketPath: String { directory.path + "/native" }
    /// What a client of this server needs in its environment.
    public var environment: [String: String] { ["PULSE_SERVER": "unix:" + socketPath] }
    private var logPath: String { directory.path + "/pulse.log" }

    /// Starts the server and waits (up to `timeout` seconds) until it answers `pactl info`.
    public init(timeout: TimeInterval = 20) async throws {
        guard let pulseaudio = Programs.which("pulseaudio") else { throw ProcessError("pulseaudio is not installed") }
        directory = try TemporaryDirectory("herald-pulse")
        // As root it warns that it should run as a user, and runs.
        process = try ChildProcess(pulseaudio, ["-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
                                                "--use-pid-file=no", "-v", "--log-target=file:" + directory.path + "/pulse.log",
                                                "-L", "module-null-sink sink_name=herald_test",
                                                "-L", "module-native-protocol-unix auth-anonymous=1 socket=" + directory.path + "/native"],
                                   environment: ["XDG_RUNTIME_DIR": directory.path, "HOME": directory.path],
                                   unsetting: ["PULSE_SERVER", "DBUS_SESSION_BUS_ADDRESS"],
                                   streams: .logFile(directory.path + "/pulseaudio.out"))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if FileManager.default.fileExists(atPath: socketPath),
               let info = try? await runProgram(Programs.which("pactl")!, ["info"], environment: environment),
               info.status == 0 {
                return
            }
            guard Date() < deadline, process.isRunning else {
                let output = (try? String(contentsOfFile: directory.path + "/pulseaudio.out", encoding: .utf8)) ?? ""
                stop()
                throw ProcessError("pulseaudio did not answer on \(socketPath): \(output)")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// The names of the streams played so far, in order.
    public var streams: [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let created = line.range(of: "Created input "),
                  let open = line[created.upperBound...].firstIndex(of: "\""),
                  let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// Waits until `count` streams have been played (at most `timeout` seconds); returns them.
    @discardableResult
    public func waitForStreams(_ count: Int, timeout: TimeInterval = 20) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while streams.count < count {
            guard Date() < deadline else { throw ProcessError("pulseaudio played \(streams) — waited for \(count) streams") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return streams
    }

    /// Stops the server and removes its directory.
    public func stop() {
        process.stop(within: 5)
        directory.remove()
    }
}
