import HeraldClient
import HeraldWire

/// `herald clear`: clears the notification list.
enum ClearCommand: HeraldCommand {
    static let name = "clear"
    static let summary = "clear delivered notifications (of one app, or all)"
    static let help = """
    Usage: herald clear [--app ID] [--history]

    Removes delivered notifications from the list, for one app or every app; history keeps
    them. With --history they are deleted from history too.

    Examples:
      herald clear
      herald clear --app make --history
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let app = try arguments.option("--app")
        let history = arguments.flag("--history")
        try arguments.finish()
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald clear")
        defer { client.close() }
        var apps: [String]
        if let app {
            apps = [app]
        } else {
            apps = try await client.call(Methods.apps, Empty()).map(\.bundleIdentifier)
        }
        for bundle in apps {
            _ = try await client.call(Methods.removeAllDeliveredNotifications, AppParams(bundleIdentifier: bundle))
        }
        if history { _ = try await client.call(Methods.clearHistory, OptionalAppParams(bundleIdentifier: app)) }
        return ExitStatus.success
    }
}
