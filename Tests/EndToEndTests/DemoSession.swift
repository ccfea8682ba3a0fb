import Foundation
import TestSupport

/// `herald --home <tmp> demo` in its own tmux server, driven like a person: answer the three
/// permission prompts, type `:` commands, press keys, read the screen.
///
/// ```swift
/// let demo = try await DemoSession()
/// defer { demo.close() }
/// try await demo.allowAllApps()
/// try await demo.command("invite")
/// try await demo.waitFor("Hey Jim! Weekly Staff Meeting")
/// ```
final class DemoSession: @unchecked Sendable {
    /// The demo apps in the order they ask for permission.
    static let apps = ["Calendar", "Messages", "Reminders"]

    let home: TemporaryDirectory
    let tmux: TmuxSession
    /// Whether `close()` removes the home directory (not when a later session reuses it).
    private let ownsHome: Bool

    /// Starts the demo at `width`×`height`. `bannerSeconds` keeps banners on screen long enough for
    /// a loaded machine to see and act on them; pass `home` to reuse the state of an earlier run;
    /// `environment` adds variables (`swift test` itself sets `NO_COLOR=1`).
    /// `executable` runs instead of the built `herald`, from `directory`; `assets` is
    /// `$HERALD_ASSETS` (the checkout's `Assets/` unless given; `nil` leaves it unset, so the demo
    /// looks for its pictures itself).
    init(width: Int = 80, height: Int = 24, bannerSeconds: Int = 30, home: TemporaryDirectory? = nil,
         environment: [String: String] = [:], executable: String = BuiltProducts.path("herald"),
         assets: String? = BuiltProducts.packageRoot.appendingPathComponent("Assets").path,
         directory: String? = nil) async throws {
        ownsHome = home == nil
        self.home = try home ?? TemporaryDirectory("herald-e2e")
        var variables = ["HERALD_UI_BANNER_SECONDS": String(bannerSeconds), "HERALD_UI_MUTE": "1"]
        if let assets { variables["HERALD_ASSETS"] = assets }
        tmux = try await TmuxSession(command: [executable, "--home", self.home.path, "demo"],
                                     width: width, height: height,
                                     environment: environment.merging(variables, uniquingKeysWith: { mine, _ in mine }),
                                     directory: directory)
    }

    /// Ends the tmux server (and the demo in it); removes the home unless it was passed in.
    func close() {
        tmux.kill()
        if ownsHome { home.remove() }
    }

    /// The prompt text of one app.
    static func prompt(_ app: String) -> String { "“\(app)” would like to send you" }

    /// Answers each app's permission prompt (`y` allows, `n` denies) and waits until every app
    /// has logged its answer.
    func answerPrompts(_ answers: [String: Bool] = [:]) async throws {
        for app in Self.apps {
            try await waitFor(Self.prompt(app), timeout: 30)
            await tmux.send(answers[app] ?? true ? "y" : "n")
        }
        try await waitForAbsence("would like to send you")
        for app in Self.apps {
            let granted = answers[app] ?? true
            try await waitFor("\(app): requestAuthorization → \(granted ? "granted" : "denied")")
        }
    }

    /// Allows all three apps.
    func allowAllApps() async throws { try await answerPrompts() }

    /// Types `:line` and Enter, and waits until the UI has taken the line (the command line is
    /// closed), so that a later wait cannot mistake the typed text for the command's result.
    func command(_ line: String) async throws {
        await tmux.send(":")
        await tmux.send(line)
        try await waitUntil("the command line “:\(line)”") { Self.lastLine(of: $0).hasPrefix(":\(line)") }
        await tmux.send("Enter")
        try await waitUntil("the command line to close") { !Self.lastLine(of: $0).hasPrefix(":\(line)") }
    }

    /// The bottom line of a screen.
    static func lastLine(of screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Presses keys (literal text or tmux key names like `Enter`, `Tab`).
    func send(_ keys: String...) async {
        for key in keys { await tmux.send(key) }
    }

    func capture() async -> String { await tmux.capture() }

    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 20) async throws -> String {
        try await tmux.waitFor(text, timeout: timeout)
    }

    @discardableResult
    func waitForAbsence(_ text: String, timeout: TimeInterval = 20) async throws -> String {
        try await tmux.waitForAbsence(text, timeout: timeout)
    }

    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = 20, _ condition: (String) async -> Bool) async throws -> String {
        try await tmux.waitUntil(timeout: timeout, what, condition)
    }

    /// Waits for the status line to show the sidebar's hints (the apps pane has the focus).
    func waitForSidebarFocus() async throws {
        try await waitFor("j/k app")
    }

    /// Selects an app in the sidebar (Tab to the sidebar, `k` up to "All", `j` down to the app)
    /// and waits until the list shows that app's notifications.
    func selectApp(_ app: String) async throws {
        if await !statusLine.contains("j/k app") { await send("Tab") }
        try await waitForSidebarFocus()
        for _ in 0...Self.apps.count { await send("k") }
        try await waitUntil("“All” selected in the sidebar") { $0.contains("▸All ") }
        let steps = (Self.apps.firstIndex(of: app) ?? 0) + 1
        for _ in 0..<steps { await send("j") }
        try await waitUntil("“\(app)” selected in the sidebar") { $0.contains("▸\(app) ") }
    }

    /// The bottom line of the screen (status hints, messages, or the input line).
    var statusLine: String { get async { Self.lastLine(of: await capture()) } }

    /// The first screen line that contains `text`.
    static func line(in screen: String, containing text: String) -> String? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).first { $0.contains(text) }
    }

    /// The sidebar row of `app` (e.g. "▸Messages       [2]│").
    func sidebarRow(_ app: String) async -> String {
        sidebarRow(app, in: await capture())
    }

    /// The sidebar row of `app` on `screen`.
    func sidebarRow(_ app: String, in screen: String) -> String {
        screen.split(separator: "\n").map(String.init)
            .first { ($0.hasPrefix(" \(app) ") || $0.hasPrefix("▸\(app) ")) && $0.contains("│") }
            .map { String($0.prefix { $0 != "│" }) } ?? ""
    }

    /// Waits until the sidebar shows `badge` (e.g. "[2]") for `app`, or no badge when `badge` is nil.
    func waitForBadge(_ app: String, _ badge: String?) async throws {
        try await waitUntil("\(app) badge \(badge ?? "none")") { screen in
            let row = sidebarRow(app, in: screen)
            guard !row.isEmpty else { return false }
            if let badge { return row.hasSuffix(badge) }
            return !row.contains("[")
        }
    }
}
