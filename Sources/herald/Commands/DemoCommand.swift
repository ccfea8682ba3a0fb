import CursesBackend
import Foundation
import HeraldClient
import HeraldCore
import HeraldDemo
import HeraldStore
import HeraldSystem
import HeraldUI
import HeraldWire
import TerminalKit
import UserNotifications

/// `herald demo`: the terminal UI with three built-in demo apps, all in one process.
enum DemoCommand: HeraldCommand {
    static let name = "demo"
    static let summary = "the interactive demo: invitations, replies, badges, history"
    static let help = """
    Usage: herald [--home DIR] demo [--fresh]

    Runs the terminal UI with three demo apps — Calendar, Messages and Reminders — written as
    ordinary UserNotifications code (see Sources/HeraldDemo/). Everything runs in this one
    process; history, badges and settings are kept in the state directory, so quitting and
    starting again keeps them.

    Options:
      --fresh     start from an empty demo state directory (deletes the demo's previous state)

    The demo keeps its state apart from your own center: in DIR if --home is given, else in
    the "demo" folder inside the state directory. While it runs, the demo is the center of that
    directory: it holds its lock (a daemon on the same directory refuses to start) and serves
    its socket, so `herald --home DIR post`, `push` or `ui` reach the demo.

    Commands inside (type : first): invite, message [from] [text], reminder, push, badge N,
    foreground APP, background APP, move LAT,LON, lock, unlock, help.

    Examples:
      herald demo
      herald --home /tmp/herald-demo demo --fresh
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let fresh = arguments.flag("--fresh")
        try arguments.finish()

        let home = context.home.map(HeraldHome.init(path:))
            ?? HeraldHome(path: HeraldHome.resolve().url.appendingPathComponent("demo").path)
        try home.create()
        // One center per state directory: the demo is that center for its home while it runs.
        let lock = try CenterLock.acquire(stateDirectory: home.url, holder: "herald demo")
        defer { lock.release() }
        if fresh {
            try DemoHome.empty(home, keeping: CenterLock.fileName)
            try home.create()
        }
        let store = try SQLiteStore(home: home)
        let configuration = UserConfiguration()
        var engineConfiguration = EngineConfiguration()
        engineConfiguration.rules = configuration.rules
        let inbox = MessageQueue()
        // Sounds through the sound server and the rules' programs, as in the daemon; their log
        // lines go to the log pane.
        let sounds = DaemonOutputs.install(into: &engineConfiguration, home: home.url.path,
                                           socketPath: DaemonEndpoint(explicitHome: home.url.path).socketPath,
                                           sound: configuration.daemon.sound, log: { inbox.log(TerminalText.escaped($0)) })
        // No prompter: the permission prompts wait for the UI's answer (`answerPrompt`).
        let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: nil,
                                            attachmentsDirectory: home.attachmentsDirectory,
                                            configuration: engineConfiguration)
        NotificationSystemRegistry.install(engine)
        let scheduler = Task { await engine.run() }
        defer { scheduler.cancel() }

        DemoLog.shared.sink = { inbox.log($0) }
        inbox.setLogPaneVisible(true)
        for line in DemoController.welcome { inbox.log(line) }
        inbox.log("Sound: \(sounds.summary)")
        // Installed or run from a checkout, the demo's pictures must be found; say so plainly if not.
        do { _ = try DemoAssets.locate() } catch { inbox.log("Demo: \(error)") }
        // Commands given this home (`herald --home DIR post`, `push`, `ui`) reach the demo's center.
        let server = await DemoHome.serve(engine, home: home)
        defer { server.stop() }
        defer { DemoAssets.removeTemporaryFolders() }   // the attachment copies' folders in $TMPDIR

        let demo = await DemoController(host: EngineDemoHost(engine: engine))
        configuration.report(to: inbox)
        var ui = configuration.ui
        ui.extraCommandHelp = DemoController.help
        ui.showLogPane = true
        let launch = Task { @MainActor in await demo.launch() }
        defer { launch.cancel() }
        try await TerminalApp.run(center: engine, driver: .curses, options: TerminalApp.Options(ui: ui),
                                  inbox: inbox) { line in
            await demo.run(line)
        }
        return ExitStatus.success
    }
}
