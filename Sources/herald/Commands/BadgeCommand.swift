import HeraldClient
import HeraldWire

/// `herald badge`: sets or clears an app's badge.
enum BadgeCommand: HeraldCommand {
    static let name = "badge"
    static let summary = "set or clear an app's badge"
    static let help = """
    Usage: herald badge [--app ID | --new-app ID] N|clear

    Sets the app's badge to N (0 or `clear` removes it). Without --app the app is the calling
    script or program, as with `herald post`. --app must name an app the center knows (exit
    status 3 otherwise); --new-app makes it when new.

    Examples:
      herald badge 3
      herald badge --app com.example.mail clear
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let caller = try CallingApp.resolve(&arguments)
        let app = caller.name
        let values = try arguments.positionals()
        guard values.count == 1 else { throw UsageError("give a count or 'clear'") }
        let count: Int
        if values[0] == "clear" {
            count = 0
        } else {
            guard let number = Int(values[0]), number >= 0 else {
                throw UsageError("the badge must be a whole number, 0 or more, or 'clear', not '\(values[0])'")
            }
            count = number
        }
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald badge")
        defer { client.close() }
        try await caller.requireKnown(client: client)
        try await IPCServerRegistration.ensure(app, client: client)
        _ = try await client.call(Methods.setBadge, BadgeParams(bundleIdentifier: app, count: count))
        return ExitStatus.success
    }
}

/// Registers the app as a command-line app when the center has not seen it yet (so the badge
/// or notification is allowed without a prompt).
enum IPCServerRegistration {
    static func ensure(_ app: String, client: IPCClient) async throws {
        let apps = try await client.call(Methods.apps, Empty())
        if !apps.contains(where: { $0.bundleIdentifier == app }) {
            _ = try await client.call(Methods.registerCommandLineApp, AppParams(bundleIdentifier: app))
        }
    }
}
