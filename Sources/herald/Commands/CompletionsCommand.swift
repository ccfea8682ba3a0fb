/// `herald completions bash|zsh|fish`: prints the shell's completion script.
enum CompletionsCommand: SynchronousCommand {
    static let name = "completions"
    static let summary = "print the completion script for bash, zsh or fish"
    static let help = """
    Usage: herald completions bash|zsh|fish

    Prints a completion script for the shell: commands, their options and the values those take
    (choices, files, directories), made from the same text as each command's --help. The Debian
    package installs all three; otherwise load one from your shell's start-up file.

    Examples:
      source <(herald completions bash)                      # in ~/.bashrc
      herald completions zsh > ~/.zfunc/_herald              # a directory in $fpath, before compinit
      herald completions fish > ~/.config/fish/completions/herald.fish
    """

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        let shells = try arguments.positionals()
        guard shells.count == 1 else { throw UsageError("name one shell: bash, zsh or fish") }
        let table = CompletionTable.herald
        switch shells[0] {
        case "bash": print(BashCompletion.script(table), terminator: "")
        case "zsh": print(ZshCompletion.script(table), terminator: "")
        case "fish": print(FishCompletion.script(table), terminator: "")
        default: throw UsageError("unknown shell '\(shells[0])': bash, zsh or fish")
        }
        return ExitStatus.success
    }

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.success
    }
}
