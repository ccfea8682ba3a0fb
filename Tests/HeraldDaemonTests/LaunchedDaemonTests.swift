import Foundation
import Testing
import TestSupport

/// The one daemon launcher (`LaunchedDaemon`, under `DaemonFixture` and `herald-bench`): ready
/// when the hello carries its own pid, stopped and reaped off the pool, never left running.
@Suite struct LaunchedDaemonTests {
    private struct Thrown: Error {}

    @Test func itIsReadyWhenItsOwnPidAnswersAndStopsOnSIGTERM() async throws {
        let home = try TemporaryDirectory("herald-launched")
        defer { home.remove() }
        let daemon = try await LaunchedDaemon.start(herald: BuiltProducts.path("herald"), home: home.path,
                                                    arguments: ["--no-dbus"], environment: ["HERALD_TMUX": "off"])
        let client = try await daemon.connect(as: "launched daemon test")
        #expect(client.server.pid == daemon.pid)
        client.close()
        #expect(daemon.socketPath == home.path + "/herald.sock")
        let (status, killed) = await daemon.stop()
        #expect(status == 0 && !killed, "\(daemon.log)")
        #expect(!daemon.isRunning)
    }

    @Test func stoppingStopsItWhenTheBodyThrows() async throws {
        let home = try TemporaryDirectory("herald-launched")
        defer { home.remove() }
        let daemon = try await LaunchedDaemon.start(herald: BuiltProducts.path("herald"), home: home.path,
                                                    arguments: ["--no-dbus"], environment: ["HERALD_TMUX": "off"])
        await #expect(throws: Thrown.self) {
            try await daemon.stopping { throw Thrown() }
        }
        #expect(!daemon.isRunning)
    }

    @Test func aDescriptorLimitIsTheDaemonsOwnAndKeepsItsPid() async throws {
        let home = try TemporaryDirectory("herald-launched")
        defer { home.remove() }
        let daemon = try await LaunchedDaemon.start(herald: BuiltProducts.path("herald"), home: home.path,
                                                    arguments: ["--no-dbus"], environment: ["HERALD_TMUX": "off"],
                                                    descriptorLimit: 256)
        try await daemon.stopping {
            // Ready means the hello carried this pid: the shell that set the limit became the daemon.
            let limits = try String(contentsOfFile: "/proc/\(daemon.pid)/limits", encoding: .utf8)
            let line = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") } ?? ""
            #expect(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first == "256", "\(line)")
        }
    }
}
