import CursesBackend
import Foundation
import HeraldClient
import HeraldUI
import HeraldWire

/// `herald ui` (also `herald` with no arguments): the terminal UI as a client of the daemon.
enum UICommand: HeraldCommand {
    static let name = "ui"
    static let summary = "the terminal UI (what plain `herald` runs), attached to the daemon"
    static let help = """
    Usage: herald [--home DIR] [ui]

    Shows the notification center in this terminal: banners as notifications arrive, history,
    apps with their badges, settings. It is a client of the daemon (`herald daemon`), which it
    starts in the background when none answers — like tmux's server. Quitting the UI leaves
    the daemon and its scheduled notifications running; several terminals may show one center
    at once and stay in sync. When the daemon goes away the UI says so ("disconnected —
    reconnecting…"), changes nothing meanwhile, and reconnects — starting a daemon again —
    then loads everything it shows afresh.

    Configuration: ~/.config/herald/config (banners, theme, keys, rules; `herald config`
    checks it). Environment: HERALD_UI_BANNER_SECONDS, HERALD_UI_MUTE, NO_COLOR (see docs/COMMANDS.md).

    Examples:
      herald
      herald --home /tmp/herald-test ui
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try arguments.finish()
        let location = CenterLocation(context)
        // Reconnects (starting a daemon, as here) whenever the daemon goes away.
        let center = try await ReconnectingCenterControl.start {
            RemoteCenterControl(client: try await location.connect(role: .ui, client: "herald ui"),
                                tmuxPane: TmuxPlace.current(environment: ProcessInfo.processInfo.environment))
        }
        defer { center.stop() }
        let configuration = UserConfiguration()
        let inbox = MessageQueue()
        configuration.report(to: inbox)
        // Apps' permission prompts come from the daemon as events, like everything else; the
        // connection's state comes through the same inbox.
        inbox.forward(center.changes()) { change in
            switch change {
            case .lost(let reason): return .connectionLost(reason: reason)
            case .restored: return .reconnected
            }
        }
        try await TerminalApp.run(center: center, driver: .curses, options: TerminalApp.Options(ui: configuration.ui),
                                  inbox: inbox)
        return ExitStatus.success
    }
}
