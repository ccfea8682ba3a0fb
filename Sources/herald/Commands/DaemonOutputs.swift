import Foundation
import HeraldCore
import HeraldDaemon
import HeraldSound

/// The center's ways out besides its doors (in `herald daemon` and `herald demo`): sounds through the sound server, and the programs
/// `[rule]`s run (`exec`), fed each notification as environment variables and as one row of
/// `herald history --json` on standard input.
enum DaemonOutputs {
    /// Sets `configuration`'s hooks for sounds (played as `sound` says) and the rules' programs; returns the sound player
    /// (the D-Bus door asks it whether to list the `sound` capability). The programs get
    /// `HERALD_HOME` and `HERALD_SOCKET` (the center's `home` and `socketPath`), so a `herald`
    /// they run reaches this center.
    static func install(into configuration: inout EngineConfiguration, home: String, socketPath: String,
                        sound: DaemonSettings.Sound, log: @escaping @Sendable (String) -> Void) -> NotificationSoundPlayer {
        let player = NotificationSoundPlayer(configured: sound, log: log)
        configuration.soundOutput = { player.take($0) }
        if configuration.rules.contains(where: { $0.command != nil }) {
            let runner = RuleProgramRunner(log: log)
            let center = ["HERALD_HOME": home, "HERALD_SOCKET": socketPath]
            configuration.ruleCommands = { commands, record, appName in
                let input = programInput(record)
                for command in commands {
                    let variables = RuleProgramEnvironment.variables(for: record, appName: appName, command: command)
                    runner.run(command, environment: variables.merging(center) { $1 }, input: input)
                }
            }
        }
        return player
    }

    /// The notification as `herald history --json` shows it (one object, one line).
    static func programInput(_ record: DeliveredRecord) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return ((try? encoder.encode(HistoryItem(record, responses: []))) ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}
