import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
import HeraldSystem
import Testing
import TestSupport

/// How clients find the daemon's socket and the `herald` that starts one.
@Suite struct DaemonEndpointTests {
    @Test func anExplicitHomeDecidesTheSocketAndIsPassedOn() {
        let endpoint = DaemonEndpoint(explicitHome: "/tmp/h", environment: ["XDG_RUNTIME_DIR": "/run/user/1"])
        #expect(endpoint.socketPath == "/tmp/h/herald.sock")
        #expect(endpoint.logPath == "/tmp/h/daemon.log")
        #expect(endpoint.daemonCommand(executable: "/bin/herald") == ["/bin/herald", "--home", "/tmp/h", "daemon", "--on-demand"])
    }

    @Test func withoutOneTheDaemonResolvesFromTheSameEnvironment() {
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1", "XDG_STATE_HOME": "/state"]
        let endpoint = DaemonEndpoint(environment: environment)
        #expect(endpoint.stateDirectory.path == "/state/herald")
        #expect(endpoint.socketPath == "/run/user/1/herald/herald.sock")
        // No --home: with it the daemon would listen in the state directory, not where we look.
        #expect(endpoint.daemonCommand(executable: "/bin/herald") == ["/bin/herald", "daemon", "--on-demand"])
        #expect(DaemonEndpoint(environment: ["HERALD_HOME": "/x", "HERALD_SOCKET": "/s.sock"]).socketPath == "/s.sock")
        #expect(DaemonEndpoint(environment: ["HERALD_HOME": "/x"]).socketPath == "/x/herald.sock")
    }

    @Test func theHomeComesFromTheEnvironmentWithoutAPasswordLookup() {
        // `$HOME` decides `~` (no password-database lookup) when it is absolute.
        #expect(DaemonEndpoint(environment: ["HOME": "/home/ada"]).stateDirectory.path == "/home/ada/.local/state/herald")
        #expect(DaemonEndpoint(environment: ["HOME": "/home/ada"]).socketPath == "/home/ada/.local/state/herald/herald.sock")
        #expect(StateDirectory.userHome(environment: ["HOME": "relative"]) == NSHomeDirectory())
        // The state directory is not even resolved when the socket does not live in it.
        for environment in [["HERALD_SOCKET": "/s.sock"], ["HERALD_HOME": "/h"], ["XDG_RUNTIME_DIR": "/run/user/1"]] {
            _ = SocketLocation.resolve(explicitHome: nil, stateDirectory: Self.unwanted(), environment: environment)
        }
        _ = SocketLocation.resolve(explicitHome: "/h", stateDirectory: Self.unwanted(), environment: [:])
    }

    @Test func withoutAnEnvironmentThisProcessVariablesDecideReadOneAtATime() {
        let whole = ProcessInfo.processInfo.environment
        #expect(DaemonEndpoint().socketPath == DaemonEndpoint(environment: whole).socketPath)
        #expect(DaemonEndpoint(explicitHome: "/h").socketPath == "/h/herald.sock")
        #expect(DaemonEndpoint().stateDirectory == DaemonEndpoint(environment: whole).stateDirectory)
        #expect(ProcessEnvironment.value("PATH") == whole["PATH"])
        #expect(ProcessEnvironment.value("HERALD_NO_SUCH_VARIABLE_\(UUID().uuidString)") == nil)
    }

    private static func unwanted() -> String {
        Issue.record("the state directory was resolved although the socket does not live in it")
        return "/unwanted"
    }

    @Test func heraldIsFoundThroughTheEnvironmentThenPathThenBesideTheProgram() throws {
        let directory = try TemporaryDirectory("herald-locate")
        defer { directory.remove() }
        let herald = directory.path + "/herald"
        _ = FileManager.default.createFile(atPath: herald, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(DaemonLauncher.locateHerald(environment: ["HERALD_EXECUTABLE": herald]) == herald)
        #expect(DaemonLauncher.locateHerald(environment: ["HERALD_EXECUTABLE": directory.path + "/missing"]) == nil)
        #expect(DaemonLauncher.locateHerald(environment: ["PATH": "/nonexistent:" + directory.path]) == herald)
        // Beside this test process: the built `herald` in the build directory.
        let beside = DaemonLauncher.locateHerald(environment: ["PATH": ""])
        #expect(beside == nil || beside!.hasSuffix("/herald"))
    }

    @Test func noDaemonAndNoExecutableFailsAtOnce() async throws {
        let directory = try TemporaryDirectory("herald-endpoint")
        defer { directory.remove() }
        let endpoint = DaemonEndpoint(explicitHome: directory.path)
        // A sentence that says what to do, not an errno.
        let reason = "no herald executable was found to start one (set HERALD_EXECUTABLE)"
        await #expect(throws: IPCError.noServerToStart(path: endpoint.socketPath, reason: reason)) {
            _ = try await endpoint.connect(hello: ClientHello(role: .app), executable: nil,
                                           environment: ["HERALD_CONFIG": directory.path + "/no-config"])
        }
    }
}
