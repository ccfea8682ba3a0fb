import Foundation

/// A program running in a private tmux server, driven like a person would: type keys, read the
/// screen. Each session has its own server (`tmux -L <unique>`), so tests never touch each other
/// or the user's own tmux. Every tmux command runs off the cooperative pool (`runProgram`).
///
/// ```swift
/// let tmux = try await TmuxSession(command: [heraldPath, "demo"], width: 80, height: 24)
/// defer { tmux.kill() }
/// try await tmux.waitFor("Herald")
/// await tmux.send("y")
/// print(await tmux.capture())
/// ```
public final class TmuxSession: @unchecked Sendable {
    public let socketName: String
    public let sessionName = "main"

    /// Starts `command` in a new detached session of the given size, with `environment` added.
    public init(command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                directory: String? = nil) async throws {
        socketName = "herald-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        var env = ["TERM=xterm-256color", "LANG=C.UTF-8"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
        let shellCommand = (["env"] + env + command).map(TmuxSession.shellQuote).joined(separator: " ")
        var arguments = ["new-session", "-d", "-s", sessionName, "-x", String(width), "-y", String(height)]
        if let directory { arguments += ["-c", directory] }
        arguments.append(shellCommand)
        // The tmux server this starts lives on and inherits our descriptors: give it /dev/null,
        // not a pipe that would never reach end-of-file.
        let tmux = ["tmux", "-L", socketName] + arguments
        let status = try await offThePool { try ProcessRunner.runDetached("/usr/bin/env", tmux) }
        guard status == 0 else {
            throw TmuxError("tmux new-session failed with status \(status)")
        }
        _ = try? await run(["set-option", "-t", sessionName, "remain-on-exit", "on"])
    }

    /// Types keys: literal text, or tmux key names like `Enter`, `Escape`, `Tab`, `Down`, `C-c`.
    public func send(_ keys: String...) async {
        for key in keys {
            let isNamed = ["Enter", "Escape", "Tab", "Up", "Down", "Left", "Right", "BSpace", "BTab",
                           "Home", "End", "PageUp", "PageDown", "Space"].contains(key) || key.hasPrefix("C-")
            _ = try? await run(["send-keys", "-t", sessionName] + (isNamed ? [key] : ["-l", key]))
        }
    }

    /// Types raw bytes, as a terminal would send them (a mouse report, an escape sequence).
    public func sendBytes(_ bytes: [UInt8]) async {
        _ = try? await run(["send-keys", "-t", sessionName, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// The visible screen as text lines.
    public func capture() async -> String {
        (try? await run(["capture-pane", "-p", "-t", sessionName]).output) ?? ""
    }

    /// Resizes the window (the program gets SIGWINCH).
    public func resize(width: Int, height: Int) async {
        _ = try? await run(["resize-window", "-t", sessionName, "-x", String(width), "-y", String(height)])
    }

    /// Whether the program has exited (the pane is dead).
    public var hasExited: Bool {
        get async {
            let output = (try? await run(["display-message", "-p", "-t", sessionName, "#{pane_dead}"]).output) ?? "1"
            return output.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }
    }

    /// A tmux format evaluated for the pane, e.g. `#{pane_title}` (what the program set with an
    /// OSC title sequence) or `#{cursor_x}`.
    public func format(_ format: String) async -> String {
        let output = (try? await run(["display-message", "-p", "-t", sessionName, format]).output) ?? ""
        return output.trimmingCharacters(in: .newlines)
    }

    /// Polls the screen until `text` appears; throws with the last screen after `timeout` seconds.
    /// (A wait for a condition, not a timing assertion: it returns as soon as the text shows.)
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 15) async throws -> String {
        try await waitUntil(timeout: timeout, "'\(text)'") { $0.contains(text) }
    }

    /// Polls the screen until `text` is gone.
    @discardableResult
    public func waitForAbsence(_ text: String, timeout: TimeInterval = 15) async throws -> String {
        try await waitUntil(timeout: timeout, "'\(text)' to disappear") { !$0.contains(text) }
    }

    /// Polls the screen until `condition` holds.
    @discardableResult
    public func waitUntil(timeout: TimeInterval = 15, _ what: String, _ condition: (String) async -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = await capture()
        while await !condition(screen) {
            if Date() > deadline {
                throw TmuxError("timed out after \(timeout) s waiting for \(what); screen:\n\(screen)")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
            screen = await capture()
        }
        return screen
    }

    /// Ends the server and everything in it: `tmux kill-server` is started here and waited for
    /// on a thread of its own (a `defer` cannot await, and the pool never waits for it).
    public func kill() {
        Self.killServer(socketName)
    }

    deinit { Self.killServer(socketName) }

    /// Starts `tmux -L NAME kill-server` and reaps it on a thread of its own.
    public static func killServer(_ name: String) {
        guard let child = try? ChildProcess("/usr/bin/env", ["tmux", "-L", name, "kill-server"], streams: .null) else { return }
        Thread { child.wait() }.start()
    }

    @discardableResult
    private func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await runProgram("/usr/bin/env", ["tmux", "-L", socketName] + arguments)
        return (result.status, result.stdout + result.stderr)
    }

    static func shellQuote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:@,+".contains($0) }) {
            return word
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A tmux command failed or a wait timed out.
public struct TmuxError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
