import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real center for end-to-end tests: `herald daemon` on a temporary home, and `herald` (the UI)
/// attached to it in tmux. Scripts run `herald post` against the same home.
///
/// ```swift
/// let center = try await CenterSession()
/// defer { center.close() }
/// let post = try center.startPost(["--title", "Deploy?", "--action", "ok:OK", "--wait"])
/// try await center.ui.waitFor("Deploy?")
/// await center.ui.send("1")
/// #expect(await post.finish().stdout == "ok\n")
/// ```
final class CenterSession: @unchecked Sendable {
    let daemon: DaemonFixture
    private(set) var uis: [TmuxSession] = []
    var ui: TmuxSession { uis[0] }
    let herald = BuiltProducts.path("herald")

    /// Starts the daemon (with `daemonArguments`, its log in HOME/daemon.log) and `uiCount` UIs,
    /// each at `width`×`height`. The daemon serves org.freedesktop.Notifications only on `bus`
    /// (never on the session bus of whoever runs the tests), shows nothing in tmux unless
    /// `daemonEnvironment` names a server (`HERALD_TMUX`), and plays no sound through the
    /// desktop's sound server unless it says so (`HERALD_SOUND`). `home` is a state directory
    /// prepared beforehand (history written into it), else a new one.
    init(uiCount: Int = 1, width: Int = 80, height: Int = 24, bannerSeconds: Int = 30,
         daemonArguments: [String] = [], bus: PrivateBus? = nil, daemonEnvironment: [String: String] = [:],
         home prepared: TemporaryDirectory? = nil) async throws {
        daemon = try await DaemonFixture.start(DaemonOptions(daemonArguments, environment: daemonEnvironment,
                                                             desktop: bus.map { .bus($0) } ?? .off),
                                               home: prepared)
        for _ in 0..<uiCount {
            let ui = try await TmuxSession(command: [herald, "--home", home.path], width: width, height: height,
                                           environment: ["HERALD_UI_BANNER_SECONDS": String(bannerSeconds),
                                                   "HERALD_UI_MUTE": "1", "HERALD_NO_SPAWN": "1"])
            uis.append(ui)
            try await ui.waitFor("Herald")
        }
    }

    /// The center's state directory.
    var home: TemporaryDirectory { daemon.home }

    /// Starts `herald --home HOME post ARGS` (it runs until answered); `finish()` collects it.
    func startPost(_ arguments: [String]) throws -> RunningCommand {
        try RunningCommand(herald, ["--home", home.path, "post"] + arguments)
    }

    /// Runs a `herald` command to completion, off the cooperative pool.
    func run(_ arguments: [String]) async throws -> ProgramResult {
        try await runProgram(herald, ["--home", home.path] + arguments)
    }

    /// What the daemon logged so far.
    var daemonLog: String { daemon.log }

    /// Stops the UIs and the daemon (bounded: after 30 s it is killed, and the test says so) and
    /// removes the home — waited for on threads of their own (a `defer` cannot await).
    func close() {
        uis.forEach { $0.kill() }
        daemon.stopInBackground()
    }
}

/// A command running in the background while the test drives the UI.
final class RunningCommand: @unchecked Sendable {
    private let child: ChildProcess
    private var result: (status: Int32, stdout: String, stderr: String)?
    private let done = DispatchSemaphore(value: 0)

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        child = try ChildProcess(executable, arguments, environment: environment.merging(["HERALD_NO_SPAWN": "1"]) { $1 },
                                 captureOutput: true)
        Thread { [self] in
            let (out, err) = child.readOutputs(input: nil)
            let status = child.wait()
            result = (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
            done.signal()
        }.start()
    }

    /// Waits for the command to end (at most `timeout` seconds, then it is killed) and returns
    /// its exit status and output; off the cooperative pool.
    func finish(timeout: TimeInterval = 30) async -> (status: Int32, stdout: String, stderr: String) {
        await offThePool { [self] in
            if done.wait(timeout: .now() + timeout) == .timedOut {
                child.signal(SIGKILL)
                done.wait()
            }
        }
        return result!
    }
}
