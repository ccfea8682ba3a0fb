import HeraldCore
import TerminalKit

/// `[relay]` in the configuration file: which sequence `herald relay` sends when `--osc` does
/// not say (`osc = auto | 777 | 9 | 99`; `auto`, the default, guesses from the terminal).
struct RelaySettings: Sendable, Hashable {
    static let section = "relay"
    static let keys = ["osc"]

    /// `nil`: guess.
    var kind: TerminalNotification.Kind?

    /// Reads `[relay]`; mistakes keep the default and come back with their lines.
    static func read(_ file: ConfigFile) -> (settings: RelaySettings, errors: [ConfigError]) {
        var settings = RelaySettings()
        var errors: [ConfigError] = []
        for section in file.sections(named: section) {
            for entry in section.entries {
                switch entry.key {
                case "osc":
                    do {
                        settings.kind = try kind(entry.value)
                    } catch {
                        errors.append(ConfigError(line: entry.line, "[relay] osc: \(error)"))
                    }
                default:
                    errors.append(entry.unknown(in: section.name, known: keys))
                }
            }
        }
        return (settings, errors)
    }

    /// `auto` (nil), `777`, `9` or `99`.
    static func kind(_ value: String) throws -> TerminalNotification.Kind? {
        if value == "auto" { return nil }
        guard let kind = TerminalNotification.Kind(rawValue: value) else {
            throw UsageError("give auto, 777, 9 or 99, not '\(value)'")
        }
        return kind
    }
}
