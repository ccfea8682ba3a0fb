import Foundation
import TestSupport

/// A user sitting in tmux, for tests of what the daemon shows there: a private tmux server
/// (`inner`) with one session, and a client attached to it that runs inside a second tmux
/// (`screen`), whose capture is what the user sees — the panes, the status line, and any popup
/// or message the daemon puts on the client.
///
/// ```swift
/// let tmux = try await NestedTmux(command: ["cat"])
/// defer { tmux.kill() }
/// let center = try await CenterSession(uiCount: 0, daemonEnvironment: ["HERALD_TMUX": tmux.socketPath])
/// try await tmux.screen.waitFor("[1 Yes]")
/// await tmux.screen.send("1")               // a key on the attached client
/// ```
final class NestedTmux: @unchecked Sendable {
    /// The inner server's name (`tmux -L`; what `HERALD_TMUX` may name too).
    let name: String
    /// The inner server's socket (what `HERALD_TMUX` names).
    private(set) var socketPath = ""
    /// The terminal the client is attached in.
    private(set) var screen: TmuxSession!

    /// Starts the inner server with `command` in its one pane, and attaches a client from
    /// `width`×`height` terminal.
    init(name: String = NestedTmux.newName(), command: [String], width: Int = 100, height: Int = 30,
         environment: [String: String] = [:]) async throws {
        self.name = name
        let env = ["TERM=xterm-256color", "LANG=C.UTF-8"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let arguments = ["tmux", "-L", name, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", String(width),
                         "-y", String(height), "env"] + env + command
        let status = try await offThePool { try ProcessRunner.runDetached("/usr/bin/env", arguments) }
        guard status == 0 else { throw TmuxError("the inner tmux server did not start (status \(status))") }
        socketPath = await tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        await tmux(["set-option", "-g", "status-interval", "0"])   // the status line is redrawn on change only
        screen = try await TmuxSession(command: ["env", "-u", "TMUX", "tmux", "-L", name, "attach", "-t", "main"],
                                       width: width, height: height)
        try await waitUntil("the client to attach") { await !self.tmux(["list-clients", "-F", "#{client_name}"]).isEmpty }
    }

    /// A server name of its own.
    static func newName() -> String {
        "herald-inner-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    }

    /// Runs a command on the inner server, off the cooperative pool; its output.
    @discardableResult
    func tmux(_ arguments: [String]) async -> String {
        guard let result = try? await runProgram("/usr/bin/env", ["tmux", "-L", name] + arguments) else { return "" }
        return result.stdout + result.stderr
    }

    /// The inner pane's text (what the program in it shows, a popup or not).
    func pane() async -> String { await tmux(["capture-pane", "-p", "-t", "main"]) }

    /// A global option's value (`@herald_unread`).
    func option(_ name: String) async -> String {
        await tmux(["show-options", "-gqv", name]).trimmingCharacters(in: .newlines)
    }

    /// Polls until `condition` holds (at most `timeout` seconds), else throws naming `what`.
    func waitUntil(_ what: String, timeout: TimeInterval = 20, _ condition: () async -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while await !condition() {
            guard Date() < deadline else { throw TmuxError("timed out waiting for \(what); screen:\n\(await screen?.capture() ?? "")") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Ends both servers (waited for on threads of their own).
    func kill() {
        screen?.kill()
        TmuxSession.killServer(name)
    }
}
