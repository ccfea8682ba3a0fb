import Foundation

/// One `herald` subcommand. Each lives in its own file under `Commands/` and is listed in
/// `CommandRegistry.all`.
protocol HeraldCommand: Sendable {
    /// The word after `herald`.
    static var name: String { get }
    /// One line for `herald --help`.
    static var summary: String { get }
    /// The full `--help` text: usage, options, examples.
    static var help: String { get }
    /// Runs the command; returns the exit status. `context` carries the global options.
    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32
}

/// Options every command takes.
struct CommandContext: Sendable {
    /// `--home DIR`: the state directory (else `$HERALD_HOME`, `$XDG_STATE_HOME/herald`, `~/.local/state/herald`).
    var home: String?
}

/// Exit statuses shared by every command.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let timeout: Int32 = 4
}

/// Writes to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
