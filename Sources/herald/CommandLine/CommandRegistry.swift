import Foundation
import HeraldCore

/// Every `herald` subcommand, in the order `herald --help` lists them.
enum CommandRegistry {
    static let all: [any HeraldCommand.Type] = [
        UICommand.self,
        HistoryCommand.self,
        PendingCommand.self,
        AppsCommand.self,
        DemoCommand.self,
        VersionCommand.self,
        DaemonCommand.self,
        PostCommand.self,
        PushCommand.self,
        BadgeCommand.self,
        RemoveCommand.self,
        ClearCommand.self,
        DoNotDisturbCommand.self,
        FocusCommand.self,
        AppCommand.self,
        ConfigCommand.self,
    ]

    static func command(named name: String) -> (any HeraldCommand.Type)? {
        all.first { $0.name == name }
    }

    static var overview: String {
        var text = """
        herald — a terminal notification center that speaks Apple's UserNotifications API

        Usage: herald [--home DIR] [<command> [options]]
               herald <command> --help
               herald --version

        With no command, herald shows the notification center in this terminal (herald ui).

        Commands:

        """
        let width = (all.map { $0.name.count }.max() ?? 0) + 2
        for command in all {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        return text
    }

    /// Parses the global options, finds the command and runs it; returns the exit status.
    static func main(_ argv: [String]) async -> Int32 {
        var arguments = Arguments(Array(argv.dropFirst()))
        let context: CommandContext
        do {
            context = CommandContext(home: try arguments.option("--home"))
        } catch {
            printError("herald: \(error)")
            return ExitStatus.usage
        }
        var rest = arguments.remaining
        if rest.isEmpty {
            // Plain `herald` is the terminal UI, like plain `tmux`.
            rest = [UICommand.name]
        }
        if rest == ["--version"] || rest == ["-V"] {
            rest = [VersionCommand.name]
        }
        if rest == ["--help"] || rest == ["-h"] || rest == ["help"] {
            print(overview, terminator: "")
            return ExitStatus.success
        }
        let name = rest.removeFirst()
        guard let command = command(named: name) else {
            printError("herald: unknown command '\(name)'. Run 'herald --help' for the list.")
            return ExitStatus.usage
        }
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help)
            return ExitStatus.success
        }
        var commandArguments = Arguments(rest)
        do {
            return try await command.run(&commandArguments, context: context)
        } catch let error as UsageError {
            printError("herald \(name): \(error)\nRun 'herald \(name) --help' for usage.")
            return ExitStatus.usage
        } catch let error as CommandError {
            printError("herald \(name): \(error)")
            return error.status
        } catch {
            printError("herald \(name): \(ErrorSentence.describe(error))")
            return ExitStatus.failure
        }
    }
}
