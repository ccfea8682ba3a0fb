import HeraldClient
import HeraldWire

/// `herald dnd`: do-not-disturb.
enum DoNotDisturbCommand: HeraldCommand {
    static let name = "dnd"
    static let summary = "turn do-not-disturb on or off (or show it)"
    static let help = """
    Usage: herald dnd [on|off]

    Turns do-not-disturb on or off; without an argument prints `on` or `off`. While it is on,
    notifications still arrive and go to history, but no banners or sounds. Time-sensitive ones
    break through while the app's Time Sensitive setting is on; critical ones while its Critical
    Alerts setting is on — on by default for D-Bus senders (`notify-send -u critical`) and
    `herald post --level critical`, off until turned on for Swift apps that asked for
    .criticalAlert.

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
