import HeraldClient
import HeraldWire

/// `herald dnd`: do-not-disturb.
enum DoNotDisturbCommand: HeraldCommand {
    static let name = "dnd"
    static let summary = "turn do-not-disturb on, off or the other way (or show it)"
    static let help = """
    Usage: herald dnd [on|off|toggle]

    Turns do-not-disturb on or off; `toggle` turns it the other way and prints what it is now
    (for a key binding); without an argument prints `on` or `off`. It is on while any Focus is
    on, so `off` (and `toggle` then) turns whichever Focus is on off. While it is on,
    notifications still arrive and go to history, but no banners or sounds. Time-sensitive ones
    break through while the app's Time Sensitive setting is on; critical ones while its Critical
    Alerts setting is on — on by default for D-Bus senders (`notify-send -u critical`) and
    `herald post --level critical`, off until turned on for Swift apps that asked for
    .criticalAlert.

    Examples:
      herald dnd on
      herald dnd
      herald dnd toggle
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let values = try arguments.positionals()
        guard values.count <= 1 else { throw UsageError("give on, off or toggle") }
        let client = try await CenterLocation(context).connect(role: .cli, client: "herald dnd")
        defer { client.close() }
        switch values.first {
        case nil:
            print(try await client.call(Methods.doNotDisturb, Empty()) ? "on" : "off")
        case "on"?, "off"?:
            _ = try await client.call(Methods.setDoNotDisturb, DoNotDisturbParams(isOn: values.first == "on"))
        case "toggle"?:
            let isOn = try await !client.call(Methods.doNotDisturb, Empty())
            _ = try await client.call(Methods.setDoNotDisturb, DoNotDisturbParams(isOn: isOn))
            print(isOn ? "on" : "off")
        case let other?:
            throw UsageError("give on, off or toggle, not '\(other)'")
        }
        return ExitStatus.success
    }
}
