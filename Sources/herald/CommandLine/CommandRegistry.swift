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
        StatusCommand.self,
        CountCommand.self,
        CloseCommand.self,
        InvokeCommand.self,
        RestoreCommand.self,
        RelayCommand.self,
        FocusCommand.self,
        PopupCommand.self,
        AppCommand.self,
        ConfigCommand.self,
        CompletionsCommand.self,
        ManualCommand.self,
    ]

    /// The command called `name`. `post` and `version`, the short commands a script runs over
    /// and over, are found without `all`: making that list and asking each command its name
    /// costs a start-up the list's metadata and a page of code for every command on the way.
    static func command(named name: String) -> (any HeraldCommand.Type)? {
        if name == PostCommand.name { return PostCommand.self }
        if name == VersionCommand.name { return VersionCommand.self }
        return all.first { $0.name == name }
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

    /// What the command line asks for once the global options are read.
    enum Invocation {
        /// Done already (help printed, a usage error reported): the exit status.
        case finished(Int32)
        /// Run this command with these arguments.
        case command(any HeraldCommand.Type, name: String, arguments: Arguments, context: CommandContext)
    }

    /// Parses the global options and finds the command (printing help or a usage error when
    /// that is all there is to do).
    static func invocation(_ argv: [String]) -> Invocation {
        var arguments = Arguments(Array(argv.dropFirst()))
        let context: CommandContext
        do {
            context = CommandContext(home: try arguments.option("--home"))
        } catch {
            printError("herald: \(error)")
            return .finished(ExitStatus.usage)
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
            return .finished(ExitStatus.success)
        }
        let name = rest.removeFirst()
        guard let command = command(named: name) else {
            printError("herald: unknown command '\(name)'. Run 'herald --help' for the list.")
            return .finished(ExitStatus.usage)
        }
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help)
            return .finished(ExitStatus.success)
        }
        return .command(command, name: name, arguments: Arguments(rest), context: context)
    }

    /// Runs the command line on this thread when it can be (`SynchronousCommand`), without
    /// starting Swift concurrency's and Dispatch's threads; `nil` when it needs them (then
    /// `main` runs it).
    static func runSynchronously(_ argv: [String]) -> Int32? {
        switch invocation(argv) {
        case .finished(let status):
            return status
        case .command(let command, let name, var arguments, let context):
            guard let synchronous = command.synchronous else { return nil }
            do {
                return try synchronous.runSynchronously(&arguments, context: context)
            } catch {
                return status(reporting: error, of: name)
            }
        }
    }

    /// Parses the global options, finds the command and runs it; returns the exit status.
    static func main(_ argv: [String]) async -> Int32 {
        switch invocation(argv) {
        case .finished(let status):
            return status
        case .command(let command, let name, var arguments, let context):
            do {
                return try await command.run(&arguments, context: context)
            } catch {
                return status(reporting: error, of: name)
            }
        }
    }

    /// Prints a command's failure as one sentence on standard error; returns the exit status.
    static func status(reporting error: any Error, of name: String) -> Int32 {
        switch error {
        case let error as UsageError:
            printError("herald \(name): \(error)\nRun 'herald \(name) --help' for usage.")
            return ExitStatus.usage
        case let error as CommandError:
            printError("herald \(name): \(error)")
            return error.status
        default:
            printError("herald \(name): \(ErrorSentence.describe(error))")
            return ExitStatus.failure
        }
    }
}
