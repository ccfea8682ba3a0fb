import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

/// `herald remove`: removes notifications by request identifier.
enum RemoveCommand: HeraldCommand {
    static let name = "remove"
    static let summary = "remove pending and delivered notifications by identifier"
    static let help = """
    Usage: herald remove [--app ID | --new-app ID] ID...

    Removes the requests with these identifiers: pending ones will not fire, delivered ones
    leave the notification list (history keeps them, marked read; an open `herald ui` updates
    at once). Prints one line per identifier saying what was removed. Without --app the app is
    the calling script or program, as with `herald post`.

    Exit status: 0 every identifier was found and removed, 3 some identifier (or the --app)
    is unknown (the others are still removed; standard error names the unknown ones), 1 other
    errors, 2 usage error.

    Examples:
      id=$(herald post --title Building… --in 600); herald remove "$id"
      herald remove --app com.example.tea tea-1 tea-2
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let caller = try CallingApp.resolve(&arguments)
        let identifiers = try arguments.positionals()
        guard !identifiers.isEmpty else { throw UsageError("give at least one identifier") }
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald remove")
        defer { client.close() }
        try await caller.requireKnown(client: client)
        let app = AppParams(bundleIdentifier: caller.name)
        let pending = Set(try await client.call(Methods.pendingRequests, app).map(\.identifier))
        let delivered = Set(try await client.call(Methods.deliveredNotifications, app).map(\.identifier))
        let params = IdentifiersParams(bundleIdentifier: caller.name, identifiers: identifiers)
        _ = try await client.call(Methods.removePendingRequests, params)
        _ = try await client.call(Methods.removeDeliveredNotifications, params)
        var unknown: [String] = []
        for identifier in identifiers {
            let removed = [pending.contains(identifier) ? "pending" : nil,
                           delivered.contains(identifier) ? "delivered" : nil].compactMap { $0 }
            if removed.isEmpty {
                unknown.append(identifier)
            } else {
                print("removed \(removed.joined(separator: " and ")) \(TerminalText.sanitize(identifier))")
            }
        }
        guard unknown.isEmpty else {
            let list = unknown.map { "'\(TerminalText.sanitize($0))'" }.joined(separator: ", ")
            printError("herald remove: \(caller.name) has no pending or delivered notification \(list); "
                           + "see `herald pending --app \(caller.name)` and `herald history --app \(caller.name)`")
            return ExitStatus.notFound
        }
        return ExitStatus.success
    }
}
