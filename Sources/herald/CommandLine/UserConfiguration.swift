import Foundation
import HeraldCore
import HeraldUI

/// The user's configuration file (`$HERALD_CONFIG`, `$XDG_CONFIG_HOME/herald/config` or
/// `~/.config/herald/config`; docs/CONFIGURATION.md), read once by each command that needs it:
/// the UI takes `[banners]`, `[theme]` and `[keys]`, the daemon `[daemon]`, `[broker]`, `[tmux]`
/// and the `[rule]`s, `herald relay` `[relay]`. `herald config` reports the mistakes of all of them.
struct UserConfiguration {
    let path: String
    let file: ConfigFile
    /// The UI's settings: the environment's, then the file's.
    let ui: UIConfiguration
    let rules: [NotificationRule]
    /// The daemon's settings (`[daemon]`, `[broker]`), before any option overrides them.
    let daemon: DaemonSettings
    /// How the daemon reaches tmux (`[tmux]`, then `$HERALD_TMUX`); `herald popup` reads it too.
    let tmux: TmuxSettings
    /// `herald relay`'s settings (`[relay]`).
    let relay: RelaySettings
    /// The mistakes in `[daemon]` and `[broker]`: `herald daemon` refuses to start with any.
    let daemonErrors: [ConfigError]
    /// Every mistake in the file, by line; each mistaken setting keeps its default.
    let errors: [ConfigError]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = ConfigFile.defaultPath(environment: environment)
        file = ConfigFile.load(path: path)
        var ui = UIConfiguration.fromEnvironment(environment)
        let uiErrors = ui.apply(file)
        self.ui = ui
        rules = NotificationRule.rules(from: file).rules
        (daemon, daemonErrors) = DaemonSettings.read(file)
        let tmuxErrors: [ConfigError], relayErrors: [ConfigError]
        (tmux, tmuxErrors) = TmuxSettings.read(file, environment: environment)
        (relay, relayErrors) = RelaySettings.read(file)
        errors = (uiErrors + daemonErrors + tmuxErrors + relayErrors).sorted { $0.line < $1.line }
    }

    /// Puts the mistakes in the UI's log and says so on the status line.
    func report(to inbox: MessageQueue) {
        guard !errors.isEmpty else { return }
        for line in errorLines { inbox.log("config: " + line) }
        inbox.send(.failed("\(path): \(errors.count) mistake\(errors.count == 1 ? "" : "s") (defaults used) — :log on, or herald config"))
    }

    /// The mistakes as `PATH:LINE: message` lines.
    var errorLines: [String] { lines(errors) }

    /// `errors` as `PATH:LINE: message` lines.
    func lines(_ errors: [ConfigError]) -> [String] {
        errors.map { "\(path):\($0.line > 0 ? "\($0.line): " : " ")\($0.message)" }
    }
}
