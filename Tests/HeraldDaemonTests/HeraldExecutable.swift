import Foundation
import HeraldClient
import HeraldCore
import HeraldSystem
import HeraldWire
import TestSupport

/// The built `herald` binary, and running it.
///
/// `swift test` builds every product of the package, `herald` included, into the same directory
/// as the test bundle; when it is missing (a filtered build), it is built once with
/// `swift build --product herald`.
enum HeraldExecutable {
    static let packageRoot = BuiltProducts.packageRoot

    static let path: String = {
        if let found = BuiltProducts.url("herald") { return found.path }
        _ = try? ProcessRunner.run("/usr/bin/env", ["swift", "build", "--package-path", packageRoot.path,
                                                    "--product", "herald"])
        return BuiltProducts.path("herald")
    }()

    typealias Result = ProgramResult

    /// Runs `herald --home HOME ARGS…` with no daemon spawning, and collects its output.
    static func run(_ arguments: [String], home: String, stdin: Data? = nil, spawn: Bool = false,
                    environment extra: [String: String] = [:]) async throws -> Result {
        var environment: [String: String] = [:]
        var unsetting = ["HERALD_SOCKET", "HERALD_APP"]
        if spawn { unsetting.append("HERALD_NO_SPAWN") } else { environment["HERALD_NO_SPAWN"] = "1" }
        environment.merge(extra) { $1 }
        return try await runProgram(path, ["--home", home] + arguments, stdin: stdin, environment: environment,
                                    unsetting: unsetting.filter { extra[$0] == nil })
    }

    /// Runs any program with `environment` added to this process's own (less `unsetting`), and
    /// collects its output.
    static func runProgram(_ program: String, _ arguments: [String], stdin: Data? = nil,
                           environment: [String: String], unsetting: [String] = []) async throws -> Result {
        try await TestSupport.runProgram(program, arguments, stdin: stdin, environment: environment, unsetting: unsetting)
    }
}

/// `herald daemon` running in a temporary home, as a supervisor would run it.
final class DaemonProcess: Sendable {
    let home: String
    let process: ChildProcess
    var socketPath: String { home + "/herald.sock" }

    /// Starts a daemon in `home` (a fresh temporary directory when `nil`) and waits until it answers.
    /// `daemonArguments` follow `daemon` (`--prompt deny`).
    init(home: String? = nil, daemonArguments: [String] = []) async throws {
        self.home = try home ?? TemporaryDirectory("herald-e2e").path
        process = try ChildProcess(HeraldExecutable.path, ["--home", self.home, "daemon"] + daemonArguments,
                                   environment: ["HERALD_TMUX": "off"], unsetting: ["HERALD_SOCKET"], streams: .null)
        let path = self.home + "/herald.sock"
        let up = await eventually(timeout: 20) {
            guard let client = try? await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli)) else { return false }
            client.close()
            return true
        }
        guard up else { throw TestFailure("herald daemon did not answer on \(path)") }
    }

    func ui() async throws -> RemoteCenterControl {
        try await RemoteCenterControl.connect(socketPath: socketPath, client: "e2e ui")
    }

    func run(_ arguments: [String], stdin: Data? = nil,
             environment: [String: String] = [:]) async throws -> HeraldExecutable.Result {
        try await HeraldExecutable.run(arguments, home: home, stdin: stdin, environment: environment)
    }

    /// SIGTERM, as a supervisor stops it; returns at once (a Dispatch thread reaps it).
    func stop() {
        process.signal(SIGTERM)
        let process = self.process
        DispatchQueue.global().async { process.wait() }   // reaped, never left a zombie
    }

    /// SIGTERM, then waits (on a Dispatch thread, not the cooperative pool) until it has exited.
    func stopAndWait() async {
        process.signal(SIGTERM)
        let process = self.process
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.wait()
                continuation.resume()
            }
        }
    }

    func removeHome() { try? FileManager.default.removeItem(atPath: home) }
}
