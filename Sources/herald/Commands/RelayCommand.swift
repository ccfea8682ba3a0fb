import Foundation
import TerminalKit

/// `herald relay`: the center's banners as the terminal's own notifications (also over ssh).
enum RelayCommand: SynchronousCommand {
    static let name = "relay"
    static let summary = "show banners as the terminal's own desktop notifications (OSC 777/9/99), also over ssh"
    static let help = """
    Usage: herald relay [--osc auto|777|9|99] [--quiet]

    Runs in a terminal and sends every banner the center shows there as the terminal
    emulator's own desktop notification — so in a terminal connected by ssh, a server's
    notifications pop up on the laptop's desktop. Banners Focus or do-not-disturb hold back
    are not sent; `herald restore` sends one again. Keeps running (Ctrl-C stops it) and
    reconnects when the center restarts. Inside tmux the sequences go through tmux's
    passthrough, which needs `set -g allow-passthrough on`.

    Which sequence: OSC 99 for kitty (a click on the notification, or on one of its buttons,
    comes back and answers it as the press in the UI would; `herald close` takes it away),
    OSC 9 for iTerm2, Windows Terminal and unknown terminals, OSC 777 for foot, WezTerm,
    Ghostty, urxvt and VTE — guessed from TERM, TERM_PROGRAM, LC_TERMINAL, KITTY_WINDOW_ID,
    WT_SESSION, VTE_VERSION and, in tmux, tmux's client terminal. Text from notifications is
    made safe: no escape sequence, control character or `;` of a notification reaches the
    sequence.

    Options:
      --osc auto|777|9|99   The sequence (else the configuration file's [relay] osc, else auto).
      --quiet               Print no line per notification.

    Exit status: 0 stopped (Ctrl-C, or the terminal went), 2 usage error, 1 other errors.

    Examples:
      herald relay
      ssh -t server herald relay          # the server's notifications on this desktop
      herald relay --osc 777
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.failure
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        let osc = try arguments.option("--osc")
        let quiet = arguments.flag("--quiet")
        try arguments.finish()
        let configured = UserConfiguration().relay.kind
        let chosen: TerminalNotification.Kind?
        do {
            chosen = try osc.map(RelaySettings.kind) ?? configured
        } catch {
            throw UsageError("--osc: \(error)")
        }
        let terminal = RelayTerminal.current(chosen: chosen)
        var first = "herald relay: sending banners to this terminal as \(terminal.name) — Ctrl-C stops"
        if terminal.throughTmux, ["off", "0"].contains(terminal.tmuxPassthrough) {
            first += "\nherald relay: tmux passes them on only with `set -g allow-passthrough on` (it is off here)"
        }
        _ = StandardOutput.writeLine(first)
        return TerminalRelay(location: CenterLocation(context), terminal: terminal, announces: !quiet).run()
    }
}
