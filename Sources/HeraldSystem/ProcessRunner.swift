import Foundation

/// Runs programs to completion and collects their output (through `ChildProcess`).
///
/// ```swift
/// let (status, output) = try ProcessRunner.run("/usr/bin/env", ["tmux", "-V"])
/// ```
public enum ProcessRunner {
    /// Runs `executable` with `arguments`; returns the exit status and stdout+stderr.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil) throws -> (status: Int32, output: String) {
        let result = try runSeparately(executable, arguments, environment: environment, input: input)
        return (result.status, result.stdout + result.stderr)
    }

    /// Runs `executable` with its standard streams on /dev/null and waits for it; returns the
    /// exit status. For programs that leave a daemon behind.
    public static func runDetached(_ executable: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess(executable, arguments, streams: .null).wait()
    }

    /// Runs `executable`; returns the exit status, stdout and stderr apart.
    public static func runSeparately(_ executable: String, _ arguments: [String],
                                     environment: [String: String]? = nil,
                                     input: Data? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(executable, arguments, environment: environment, streams: .pipes)
        let (out, err) = child.readOutputs(input: input)
        let status = child.wait()
        return (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
