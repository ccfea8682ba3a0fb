import HeraldClient
import HeraldCore
import HeraldWire

/// `herald restore`: brings the last banner back, as `dunstctl history-pop` and `makoctl restore`.
enum RestoreCommand: SynchronousCommand {
    static let name = "restore"
    static let summary = "show the last closed banner again (each time one further back)"
    static let help = """
    Usage: herald restore

    Shows again, as a banner, the notification whose banner was shown or closed (`herald
    close`) most recently — wherever banners show: each open `herald`, tmux popups, `herald
    relay`. Each call goes one further back (the last 20 banners are remembered, across
    restarts of the center); a banner closed again comes back first. The banner answers as it
    did the first time: its actions and reply still reach the app. Focus and do-not-disturb do
    not hold it back (you asked for it). Prints the notification's id.

    Exit status: 0 shown, 3 no banner is left to bring back, 1 other errors.

    Examples:
      herald restore
      bindsym $mod+grave exec herald restore      # sway / i3
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.failure
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        try arguments.finish()
        let client = try CenterLocation(context).connectBlocking(role: .cli, client: "herald restore")
        defer { client.close() }
        guard let record = try client.call(Methods.restoreBanner, Empty()).notification else {
            throw CommandError("no banner is left to bring back (`herald history` lists every notification)",
                               status: ExitStatus.notFound)
        }
        print(record.deliveryID)
        return ExitStatus.success
    }
}
