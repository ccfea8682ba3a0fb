import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `herald --home TMP daemon` started with `ChildProcess` (never Foundation's `Process`, which
/// can hang on Linux), and the environment an app needs to reach it.
final class SpawnedDaemon: Sendable {
    let home: TemporaryDirectory
    let socketPath: String
    private let child: ChildProcess

    /// Starts the daemon (with extra daemon options, e.g. `--prompt deny`) and waits until it
    /// answers; on `existing` when given (a daemon started again on the same center).
    init(options: [String] = [], reusing existing: TemporaryDirectory? = nil) async throws {
        home = try existing ?? TemporaryDirectory("herald-remote")
        socketPath = home.path + "/herald.sock"
        child = try ChildProcess(BuiltProducts.path("herald"), ["--home", home.path, "daemon"] + options,
                                 environment: ["HERALD_SOCKET": socketPath, "HERALD_TMUX": "off", "HERALD_SOUND": "bell"],
                                 captureOutput: false)
        let path = socketPath
        let up = await eventually(timeout: 20) {
            guard let client = try? await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli)) else { return false }
            client.close()
            return true
        }
        guard up else {
            await stop()
            throw TestFailure("herald daemon did not answer on \(path)")
        }
    }

    /// What an app process needs to find this daemon (and nothing else: no spawning).
    func appEnvironment(bundleIdentifier: String) -> [String: String] {
        ["HERALD_HOME": home.path, "HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1", "HERALD_BUNDLE_ID": bundleIdentifier]
    }

    /// A user interface connected to it.
    func ui() async throws -> RemoteCenterControl {
        try await RemoteCenterControl.connect(socketPath: socketPath, client: "e2e ui")
    }

    /// SIGTERM, waits for the exit (off the cooperative pool; after 30 s it is killed, and
    /// that is reported), removes the home unless told not to. Returns the exit status.
    @discardableResult
    func stop(removingHome: Bool = true) async -> Int32 {
        child.signal(SIGTERM)
        let child = self.child
        let status = await offThePool { () -> Int32? in
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if let status = child.exitStatusIfExited() { return status }
                usleep(20_000)
            }
            return nil
        }
        defer { if removingHome { home.remove() } }
        if let status { return status }
        Issue.record("herald daemon did not stop within 30 s of SIGTERM; killed")
        child.signal(SIGKILL)
        return await offThePool { child.wait() }
    }

    /// Runs `body` against a fresh daemon and stops it afterwards, whatever happened.
    static func with(options: [String] = [], _ body: (SpawnedDaemon) async throws -> Void) async throws {
        let daemon = try await SpawnedDaemon(options: options)
        do {
            try await body(daemon)
        } catch {
            await daemon.stop()
            throw error
        }
        await daemon.stop()
    }
}

/// Runs a program this package builds to completion (off the cooperative pool).
func runBuiltProgram(_ name: String, _ arguments: [String], environment: [String: String]) async throws -> ProgramResult {
    try await runProgram(BuiltProducts.path(name), arguments, stdin: nil, environment: environment)
}
