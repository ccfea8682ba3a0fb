import Foundation
import HeraldCore
import HeraldIPC
import Synchronization
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The built `herald` binary, and running it.
///
/// `swift test` builds every product of the package, `herald` included, into the same directory
/// as the test bundle; when it is missing (a filtered build), it is built once with
/// `swift build --product herald`.
enum HeraldExecutable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let path: String = {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("herald").path,
            packageRoot.appendingPathComponent(".build/debug/herald").path,
        ]
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--product", "herald"]
        build.currentDirectoryURL = packageRoot
        try? build.run()
        build.waitUntilExit()
        return candidates[1]
    }()

    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// Runs `herald --home HOME ARGS…` with no daemon spawning, and collects its output.
    static func run(_ arguments: [String], home: String, stdin: Data? = nil, spawn: Bool = false,
                    environment extra: [String: String] = [:]) async throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        if spawn { environment.removeValue(forKey: "HERALD_NO_SPAWN") } else { environment["HERALD_NO_SPAWN"] = "1" }
        environment.removeValue(forKey: "HERALD_SOCKET")
        environment.removeValue(forKey: "HERALD_APP")
        environment.merge(extra) { $1 }
        return try await runProgram(path, ["--home", home] + arguments, stdin: stdin, environment: environment)
    }

    /// Runs any program with this environment and collects its output.
    static func runProgram(_ program: String, _ arguments: [String], stdin: Data? = nil,
                           environment: [String: String]) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let start = Date()
        let finished = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let done = Mutex(false)
        process.terminationHandler = { _ in
            let continuation = finished.withLock { c -> CheckedContinuation<Void, Never>? in
                done.withLock { $0 = true }
                defer { c = nil }
                return c
            }
            continuation?.resume()
        }
        try process.run()
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try? input.fileHandleForWriting.close()
        // Blocking reads run on Dispatch threads: a blocked cooperative thread would starve the
        // rest of the test process (2 cores → 2 cooperative threads).
        async let outData = readToEnd(out.fileHandleForReading)
        async let errData = readToEnd(err.fileHandleForReading)
        await withCheckedContinuation { continuation in
            let already = finished.withLock { c -> Bool in
                if done.withLock({ $0 }) { return true }
                c = continuation
                return false
            }
            if already { continuation.resume() }
        }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: await outData, as: UTF8.self),
                      stderr: String(decoding: await errData, as: UTF8.self),
                      seconds: Date().timeIntervalSince(start))
    }
}

/// Reads a pipe to its end on a Dispatch thread.
func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: handle.readDataToEndOfFile()) }
    }
}

/// `herald daemon` running in a temporary home, as a supervisor would run it.
final class DaemonProcess: Sendable {
    let home: String
    let process: Process
    var socketPath: String { home + "/herald.sock" }

    /// Starts a daemon in `home` (a fresh temporary directory when `nil`) and waits until it answers.
    /// `daemonArguments` follow `daemon` (`--prompt deny`).
    init(home: String? = nil, daemonArguments: [String] = []) async throws {
        self.home = try home ?? TemporaryDirectory("herald-e2e").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: HeraldExecutable.path)
        process.arguments = ["--home", self.home, "daemon"] + daemonArguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "HERALD_SOCKET")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        try process.run()
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

    /// SIGTERM, as a supervisor stops it (does not wait).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    }

    /// SIGTERM, then waits (without blocking a thread) until it has exited.
    func stopAndWait() async {
        stop()
        _ = await eventually(timeout: 20) { !self.process.isRunning }
    }

    func removeHome() { try? FileManager.default.removeItem(atPath: home) }
}
