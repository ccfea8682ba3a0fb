import Foundation

/// `herald config`: where the configuration file is, and whether it is right.
enum ConfigCommand: HeraldCommand {
    static let name = "config"
    static let summary = "check the configuration file (banners, theme, keys, rules, daemon, broker, tmux) and show where it is"
    static let help = """
    Usage: herald config [--check | --path]

    Checks the configuration file and prints every mistake with its line number; a mistaken
    setting keeps its default (the UI shows the same mistakes in its log), except in [daemon]
    and [broker]: `herald daemon` refuses to start with a mistake there. They are checked with
    the daemon's own reader, down to the broker's URL and the files it names. Exits 1 when there
    are mistakes. The file is $HERALD_CONFIG, else $XDG_CONFIG_HOME/herald/config, else
    ~/.config/herald/config; docs/CONFIGURATION.md lists every setting. The daemon reads
    [daemon], [broker], [tmux] and the [rule]s when it starts: restart it after changing them.

    Options:
      --check   check the file (the default)
      --path    print the file's path and nothing else

    Examples:
      herald config
      HERALD_CONFIG=./test-config herald config --check
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let pathOnly = arguments.flag("--path")
        _ = arguments.flag("--check")
        try arguments.finish()
        let configuration = UserConfiguration()
        if pathOnly {
            print(configuration.path)
            return ExitStatus.success
        }
        guard FileManager.default.fileExists(atPath: configuration.path) else {
            print("\(configuration.path): no file — the defaults are in use (docs/CONFIGURATION.md lists the settings)")
            return ExitStatus.success
        }
        // The daemon's mistakes as `herald daemon` finds them (the file's, else resolving it).
        let daemonMistakes = DaemonOptions.mistakes(in: configuration)
        let mistakes = (configuration.errors + (configuration.daemonErrors.isEmpty ? daemonMistakes : []))
            .sorted { $0.line < $1.line }
        guard mistakes.isEmpty else {
            for line in configuration.lines(mistakes) { printError(line) }
            let others = mistakes.count - daemonMistakes.count
            var summary = "\(mistakes.count) mistake\(mistakes.count == 1 ? "" : "s")"
            if others > 0 { summary += ": \(others == 1 ? "that setting keeps its" : "those settings keep their") default" }
            if !daemonMistakes.isEmpty {
                summary += (others > 0 ? "; " : ": ") + "herald daemon will not start until [daemon] and [broker] are right"
            }
            printError(summary)
            return ExitStatus.failure
        }
        let rules = configuration.rules.count
        print("\(configuration.path): ok (\(rules) rule\(rules == 1 ? "" : "s"))")
        return ExitStatus.success
    }
}
