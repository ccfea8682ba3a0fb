import HeraldClient
import HeraldCore
import HeraldWire

/// `herald close`: closes banners wherever they show, as `dunstctl close` and `makoctl dismiss`.
enum CloseCommand: SynchronousCommand {
    static let name = "close"
    static let summary = "close notification banners (by id, or --all) wherever they show"
    static let help = """
    Usage: herald close ID... | --all

    Closes the banners of these notifications (or every banner) wherever they show — each
    open `herald`, tmux popups, the terminal's own notifications sent by `herald relay` where
    the terminal can take them back (kitty) — as when a banner's time is up: the notifications
    stay in the list, and unread ones stay unread. Nothing is sent to the app. ID is the number
    `herald history` and `herald status --json` show; `herald restore` brings a closed banner
    back.

    Options:
      --all   Every banner.

    Exit status: 0 closed, 3 some ID is no notification's (the others are still closed; standard
    error names it), 2 usage error, 1 other errors.

    Examples:
      herald close --all
      herald close 42
      herald close "$(herald status --format '{id}')"     # the newest unread one's
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.failure
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        let all = arguments.flag("--all")
        let ids = try arguments.positionals().map(NotificationID.parse)
        guard all != !ids.isEmpty else {
            throw UsageError(all ? "give ids or --all, not both" : "give the ids of the banners to close, or --all")
        }
        let client = try CenterLocation(context).connectBlocking(role: .cli, client: "herald close")
        defer { client.close() }
        let result = try client.call(Methods.closeBanners, all ? .all : CloseBannersParams(deliveryIDs: ids))
        guard result.unknown.isEmpty else {
            throw CommandError(NotificationID.unknown(result.unknown), status: ExitStatus.notFound)
        }
        return ExitStatus.success
    }
}
