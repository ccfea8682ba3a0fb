import HeraldClient
import HeraldWire

/// `herald dnd`: do-not-disturb.
enum DoNotDisturbCommand: HeraldCommand {
    static let name = "dnd"
    static let summary = "turn do-not-disturb on or off (or show it)"
    static let help = """
    Usage: herald dnd [on|off]

    Turns do-not-disturb on or off; without an argument prints `on` or `off`. While it is on,
    notifications still arrive and go to history, but no banners or sounds (time-sensitive and
    critical ones excepted, as on Apple's platforms).

    Examples:
      herald dnd on
      herald dnd
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let values = try arguments.positionals()
        guard values.count <= 1 else { throw UsageError("give on or off") }
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald dnd")
        defer { client.close() }
        switch values.first {
        case nil:
            print(try await client.call(Methods.doNotDisturb, Empty()) ? "on" : "off")
        case "on"?, "off"?:
            _ = try await client.call(Methods.setDoNotDisturb, DoNotDisturbParams(isOn: values.first == "on"))
        case let other?:
            throw UsageError("give on or off, not '\(other)'")
        }
        return ExitStatus.success
    }
}
