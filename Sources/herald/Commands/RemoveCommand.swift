import HeraldClient
import HeraldWire

/// `herald remove`: removes notifications by request identifier.
enum RemoveCommand: HeraldCommand {
    static let name = "remove"
    static let summary = "remove pending and delivered notifications by identifier"
    static let help = """
    Usage: herald remove [--app ID] ID...

    Removes the requests with these identifiers: pending ones will not fire, delivered ones
    leave the notification list (history keeps them). Without --app the app is the calling
    command's name, as with `herald post`.

    Examples:
      id=$(herald post --title Building… --in 600); herald remove "$id"
      herald remove --app com.example.tea tea-1 tea-2
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let app = try CallingApp.resolve(&arguments)
        let identifiers = try arguments.positionals()
        guard !identifiers.isEmpty else { throw UsageError("give at least one identifier") }
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald remove")
        defer { client.close() }
        let params = IdentifiersParams(bundleIdentifier: app, identifiers: identifiers)
        _ = try await client.call(Methods.removePendingRequests, params)
        _ = try await client.call(Methods.removeDeliveredNotifications, params)
        return ExitStatus.success
    }
}
