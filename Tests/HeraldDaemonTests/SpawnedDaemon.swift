import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
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

    /// SIGTERM, waits for the exit (off the cooperative pool), removes the home unless told not to.
    func stop(removingHome: Bool = true) async {
        child.signal(SIGTERM)
        let child = self.child
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                child.wait()
                continuation.resume()
            }
        }
        if removingHome { home.remove() }
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

/// A built program's exit status and output.
struct ProgramResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program this package builds to completion, reading its output on a Dispatch thread
/// (a blocked cooperative thread would starve the test process).
func runBuiltProgram(_ name: String, _ arguments: [String], environment: [String: String]) async throws -> ProgramResult {
    let child = try ChildProcess(BuiltProducts.path(name), arguments, environment: environment, captureOutput: true)
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            let (out, err) = child.readOutputs(input: nil)
            let status = child.wait()
            continuation.resume(returning: ProgramResult(status: status, stdout: String(decoding: out, as: UTF8.self),
                                                         stderr: String(decoding: err, as: UTF8.self)))
        }
    }
}
