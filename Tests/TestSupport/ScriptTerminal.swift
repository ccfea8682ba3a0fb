import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program on a pseudo-terminal of its own (util-linux `script`), for what it writes to a
/// terminal byte for byte — escape sequences included, which tmux's screen would interpret —
/// and for input arriving on that terminal (a terminal's answers) while it runs.
///
/// ```swift
/// let terminal = try ScriptTerminal(command: [herald, "relay", "--osc", "777"], environment: [:])
/// defer { terminal.stop() }
/// try await terminal.waitFor("\u{1B}]777;notify;")
/// terminal.type(Array("\u{1B}]99;i=1;\u{1B}\\".utf8))
/// ```
public final class ScriptTerminal: @unchecked Sendable {
    /// Whether `script` is here.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

    private let directory: TemporaryDirectory
    private let child: ChildProcess
    private let input: Int32

    /// Starts `command` under `script`, with `environment` added to this process's own and the
    /// variables in `unsetting` taken out.
    public init(command: [String], environment: [String: String], unsetting: [String] = []) throws {
        directory = try TemporaryDirectory("herald-script")
        let fifo = directory.path + "/input"
        guard mkfifo(fifo, 0o600) == 0 else { throw ProcessError("mkfifo \(fifo) failed") }
        let quoted = command.map(TmuxSession.shellQuote).joined(separator: " ")
        child = try ChildProcess("/bin/sh", ["-c", "exec script -qfec \"$0\" \"$1\" < \"$2\"", quoted,
                                             directory.path + "/output", fifo],
                                 environment: environment, unsetting: unsetting, streams: .null)
        // Read-write: the open never waits for the other end, and `script` never sees end-of-file.
        input = open(fifo, O_RDWR)
    }

    /// What the program wrote to its terminal so far.
    public var output: [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.path + "/output")))) ?? []
    }

    /// `output` as text (invalid UTF-8 replaced).
    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Waits until the output contains `expected` (at most `timeout` seconds); returns the output.
    @discardableResult
    public func waitFor(_ expected: String, timeout: TimeInterval = 20) async throws -> String {
        try await waitUntil(timeout: timeout, "\(expected.debugDescription) on the terminal") { $0.contains(expected) }
    }

    /// Waits until `condition` holds of the output (at most `timeout` seconds); returns the output.
    @discardableResult
    public func waitUntil(timeout: TimeInterval = 20, _ what: String, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = self.text
            if condition(text) { return text }
            guard Date() < deadline else { throw ProcessError("timed out waiting for \(what); the terminal shows: \(text.debugDescription)") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Sends bytes as the terminal's input.
    public func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    }

    /// Ends the program (SIGTERM to `script`, which passes a hangup on) and removes the files.
    public func stop() {
        child.signal(SIGTERM)
        child.wait()
        close(input)
        directory.remove()
    }
}
