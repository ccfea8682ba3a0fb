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

    /// How a shell completes each kind of option value: the command its `case` arm runs.
    struct ValueCompletion: Sendable {
        var file: String
        var directory: String
        var command: String
        var choices: @Sendable ([String]) -> String
        var text: @Sendable (_ placeholder: String) -> String
    }

    /// `case $prev in … esac` for one branch of a bash or zsh script: what to complete after each
    /// option of `command` (the global options for `nil`) that takes a value. Options completed
    /// alike share an arm (`--broker-ca|--broker-cert) _files; return ;;`).
    func previousWordCase(of command: Command?, _ completion: ValueCompletion, indent: String) -> String {
        var arms: [(names: [String], body: String)] = []
        for option in command.map(options(of:)) ?? globalOptions {
            let body: String
            switch option.value {
            case .none: continue
            case .file: body = completion.file
            case .directory: body = completion.directory
            case .command: body = completion.command
            case .choices(let words): body = completion.choices(words)
            case .text(let placeholder): body = completion.text(placeholder)
            }
            if let index = arms.firstIndex(where: { $0.body == body }) {
                arms[index].names.append(option.name)
            } else {
                arms.append(([option.name], body))
            }
        }
        return "\(indent)case $prev in\n"
            + arms.map { "\(indent)    \($0.names.joined(separator: "|"))) \($0.body); return ;;\n" }.joined()
            + "\(indent)esac\n"
    }

    /// The options that take a value, wherever they are given (the shells skip their values when
    /// they look for the command word).
    var globalOptionsTakingValues: [String] {
        globalOptions.filter { $0.value != .none }.map(\.name)
    }

    /// The bash/zsh loop that finds the command word (`command`, at `at`) among `words[first..<end]`,
    /// skipping options and the values of the global options that take one. Its first line has
    /// no indent (it goes where the script has four spaces); the others carry their own.
    func commandWordLoop(words: String, first: Int, end: String) -> String {
        let skip = globalOptionsTakingValues.joined(separator: "|")
        return """
        for (( i = \(first); i < \(end); i++ )); do
                case ${\(words)[i]} in
                    \(skip.isEmpty ? "--home" : skip)) (( i++ )) ;;
                    -*) ;;
                    *) command=${\(words)[i]}; at=$i; break ;;
                esac
            done
        """
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
