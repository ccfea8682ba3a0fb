import HeraldClient
import HeraldWire

/// `herald clear`: clears the notification list.
enum ClearCommand: HeraldCommand {
    static let name = "clear"
    static let summary = "clear delivered notifications (of one app, or all)"
    static let help = """
    Usage: herald clear [--app ID] [--history]

    Removes delivered notifications from the list, for one app or every app; history keeps
    them, marked read (an open `herald ui` updates at once). With --history they are deleted
    from history too. --app must name an app the center knows (exit status 3 otherwise).

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
        var apps = try await client.call(Methods.apps, Empty()).map(\.bundleIdentifier)
        if let app {
            try await CallingApp(name: app, mustBeKnown: true).requireKnown(client: client)
            apps = [app]
        }
        for bundle in apps {
            _ = try await client.call(Methods.removeAllDeliveredNotifications, AppParams(bundleIdentifier: bundle))
        }
        if history { _ = try await client.call(Methods.clearHistory, OptionalAppParams(bundleIdentifier: app)) }
        return ExitStatus.success
    }
}
