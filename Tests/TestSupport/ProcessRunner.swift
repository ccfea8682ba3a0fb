import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and collects its output.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`; returns the exit status and stdout+stderr.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil) throws -> (status: Int32, output: String) {
        let result = try runSeparately(executable, arguments, environment: environment, input: input)
        return (result.status, result.stdout + result.stderr)
    }

    /// Runs `executable` with its standard streams on /dev/null and waits for it; returns the exit
    /// status. For programs that leave a daemon behind (`tmux new-session`): Foundation's
    /// `Process.waitUntilExit` does not return while such a grandchild lives, so this uses
    /// `posix_spawn` and `waitpid` directly.
    public static func runDetached(_ executable: String, _ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in 0...2 {
            posix_spawn_file_actions_addopen(&actions, Int32(fd), "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw TmuxError("posix_spawn \(executable) failed: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Runs `executable`; returns the exit status, stdout and stderr apart.
    public static func runSeparately(_ executable: String, _ arguments: [String],
                                     environment: [String: String]? = nil,
                                     input: Data? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = Pipe()
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try? inPipe.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// Finds the binaries this package builds (`swift test` builds them before the tests run).
public enum BuiltProducts {
    /// `.build/debug` (or whichever configuration the test bundle was built in).
    public static var directory: URL {
        // The test bundle runs from the same build directory as the executables.
        let bundle = Bundle.main.bundleURL
        var candidates = [bundle, bundle.deletingLastPathComponent()]
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        candidates.append(url.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("herald").path) }
            ?? candidates.last!
    }

    /// The path of a built executable, e.g. `herald`.
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The repository root (where `Package.swift` and `Assets/` are).
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }
}
