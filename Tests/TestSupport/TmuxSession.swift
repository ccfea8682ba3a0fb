import Foundation

/// A program running in a private tmux server, driven like a person would: type keys, read the
/// screen. Each session has its own server (`tmux -L <unique>`), so tests never touch each other
/// or the user's own tmux.
///
/// ```swift
/// let tmux = try TmuxSession(command: [heraldPath, "demo"], width: 80, height: 24)
/// defer { tmux.kill() }
/// try tmux.waitFor("Herald")
/// tmux.send("y")
/// print(tmux.capture())
/// ```
public final class TmuxSession: @unchecked Sendable {
    public let socketName: String
    public let sessionName = "main"

    /// Starts `command` in a new detached session of the given size, with `environment` added.
    public init(command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                directory: String? = nil) throws {
        socketName = "herald-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        var env = ["TERM=xterm-256color", "LANG=C.UTF-8"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
        let shellCommand = (["env"] + env + command).map(TmuxSession.shellQuote).joined(separator: " ")
        var arguments = ["new-session", "-d", "-s", sessionName, "-x", String(width), "-y", String(height)]
        if let directory { arguments += ["-c", directory] }
        arguments.append(shellCommand)
        // The tmux server this starts lives on and inherits our descriptors: give it /dev/null,
        // not a pipe that would never reach end-of-file.
        let status = try ProcessRunner.runDetached("/usr/bin/env", ["tmux", "-L", socketName] + arguments)
        guard status == 0 else {
            throw TmuxError("tmux new-session failed with status \(status)")
        }
        _ = try? run(["set-option", "-t", sessionName, "remain-on-exit", "on"])
    }

    /// Types keys: literal text, or tmux key names like `Enter`, `Escape`, `Tab`, `Down`, `C-c`.
    public func send(_ keys: String...) {
        for key in keys {
            let isNamed = ["Enter", "Escape", "Tab", "Up", "Down", "Left", "Right", "BSpace", "BTab",
                           "Home", "End", "PageUp", "PageDown", "Space"].contains(key) || key.hasPrefix("C-")
            _ = try? run(["send-keys", "-t", sessionName] + (isNamed ? [key] : ["-l", key]))
        }
    }

    /// Types raw bytes, as a terminal would send them (a mouse report, an escape sequence).
    public func sendBytes(_ bytes: [UInt8]) {
        _ = try? run(["send-keys", "-t", sessionName, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// The visible screen as text lines.
    public func capture() -> String {
        (try? run(["capture-pane", "-p", "-t", sessionName]).output) ?? ""
    }

    /// Resizes the window (the program gets SIGWINCH).
    public func resize(width: Int, height: Int) {
        _ = try? run(["resize-window", "-t", sessionName, "-x", String(width), "-y", String(height)])
    }

    /// Whether the program has exited (the pane is dead).
    public var hasExited: Bool {
        let output = (try? run(["display-message", "-p", "-t", sessionName, "#{pane_dead}"]).output) ?? "1"
        return output.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// A tmux format evaluated for the pane, e.g. `#{pane_title}` (what the program set with an
    /// OSC title sequence) or `#{cursor_x}`.
    public func format(_ format: String) -> String {
        let output = (try? run(["display-message", "-p", "-t", sessionName, format]).output) ?? ""
        return output.trimmingCharacters(in: .newlines)
    }

    /// Polls the screen until `text` appears; throws with the last screen after `timeout` seconds.
    /// (A wait for a condition, not a timing assertion: it returns as soon as the text shows.)
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 15) throws -> String {
        try waitUntil(timeout: timeout, "'\(text)'") { $0.contains(text) }
    }

    /// Polls the screen until `text` is gone.
    @discardableResult
    public func waitForAbsence(_ text: String, timeout: TimeInterval = 15) throws -> String {
        try waitUntil(timeout: timeout, "'\(text)' to disappear") { !$0.contains(text) }
    }

    /// Polls the screen until `condition` holds.
    @discardableResult
    public func waitUntil(timeout: TimeInterval = 15, _ what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !condition(screen) {
            if Date() > deadline {
                throw TmuxError("timed out after \(timeout) s waiting for \(what); screen:\n\(screen)")
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return screen
    }

    /// Ends the server and everything in it.
    public func kill() {
        _ = try? run(["kill-server"])
    }

    deinit { kill() }

    @discardableResult
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ProcessRunner.run("/usr/bin/env", ["tmux", "-L", socketName] + arguments)
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
