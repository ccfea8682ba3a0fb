/// What the shell completions complete: every command with its one-line summary and synopsis,
/// and the options taken before the command — all read from the `--help` texts.
struct CompletionTable: Sendable {
    struct Command: Sendable {
        var name: String
        var summary: String
        var synopsis: CommandSynopsis
    }

    var commands: [Command]
    /// `--home DIR`, `--help`, `--version`: from the overview's usage lines.
    var globalOptions: [CommandSynopsis.Option]

    /// The table of the `herald` commands.
    static var herald: CompletionTable {
        CompletionTable(
            commands: CommandRegistry.all.map { command in
                Command(name: command.name, summary: command.summary,
                        synopsis: CommandSynopsis(command: command.name, help: command.help))
            },
            globalOptions: CommandSynopsis(command: "", help: CommandRegistry.overview).options)
    }

    /// The options a command takes: its own, then the global ones it does not name itself.
    func options(of command: Command) -> [CommandSynopsis.Option] {
        command.synopsis.options + globalOptions.filter { global in
            global.name != "--version" && !command.synopsis.options.contains { $0.name == global.name }
        }
    }

    /// A command's options by the kind of value they take, for the shells' `case` on the word
    /// before the cursor.
    struct OptionValues {
        var files: [String] = []
        var directories: [String] = []
        var commands: [String] = []
        var choices: [(name: String, words: [String])] = []
        var text: [String] = []
    }

    /// The options of `command` (or the global ones for `nil`) by the kind of value they take.
    func optionValues(of command: Command?) -> OptionValues {
        var values = OptionValues()
        for option in command.map(options(of:)) ?? globalOptions {
            switch option.value {
            case .none: break
            case .file: values.files.append(option.name)
            case .directory: values.directories.append(option.name)
            case .command: values.commands.append(option.name)
            case .choices(let words): values.choices.append((option.name, words))
            case .text: values.text.append(option.name)
            }
        }
        return values
    }

    /// The options that take a value, wherever they are given (the shells skip their values when
    /// they look for the command word).
    var globalOptionsTakingValues: [String] {
        globalOptions.filter { $0.value != .none }.map(\.name)
    }
}

/// Quoting for the generated scripts.
enum ShellQuote {
    /// `text` in single quotes, for bash, zsh and fish alike (fish also escapes backslashes).
    static func single(_ text: String, fish: Bool = false) -> String {
        var body = text
        if fish {
            body = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        } else {
            body = body.replacingOccurrences(of: "'", with: "'\\''")
        }
        return "'" + body + "'"
    }
}
