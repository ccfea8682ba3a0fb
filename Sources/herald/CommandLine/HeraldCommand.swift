import Foundation
import HeraldSystem
import TerminalKit

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
    /// The command as a `SynchronousCommand`, or `nil`. Answered by the conformance itself, not
    /// by an `as?` cast: a first cast to a protocol scans the binary's ~6,500 conformance records
    /// at every start.
    static var synchronous: (any SynchronousCommand.Type)? { get }
}

extension HeraldCommand {
    static var synchronous: (any SynchronousCommand.Type)? { nil }
}

/// A command that can run on the main thread alone, without Swift concurrency's and Dispatch's
/// threads (starting them is most of what a short command costs). `CommandRegistry` tries
/// `runSynchronously` first; `run` runs when it returns `nil`.
protocol SynchronousCommand: HeraldCommand {
    /// Runs the command and returns the exit status, or `nil` — before doing anything — when
    /// these arguments need `run` (a broker connection, say).
    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32?
}

extension SynchronousCommand {
    static var synchronous: (any SynchronousCommand.Type)? { self }
}

/// Options every command takes.
struct CommandContext: Sendable {
    /// `--home DIR`: the state directory (else `$HERALD_HOME`, `$XDG_STATE_HOME/herald`, `~/.local/state/herald`).
    var home: String?
}

/// Exit statuses shared by every command (docs/COMMANDS.md lists them).
enum ExitStatus {
    static let success: Int32 = 0
    /// Anything else went wrong (the center could not be reached, a file could not be read, …).
    static let failure: Int32 = 1
    /// Wrong or missing arguments.
    static let usage: Int32 = 2
    /// Something named does not exist: an unknown `--app`, an identifier `remove` did not find.
    static let notFound: Int32 = 3
    /// `post --wait --timeout` ran out of time.
    static let timeout: Int32 = 4
    /// `post`: the app's notifications are off (denied or turned off in its settings).
    static let notificationsOff: Int32 = 5
}

/// Writes to standard error, through the sanitising gate: an error can quote what the center
/// or another program sent (an identifier, an app's name), and no control character or escape
/// sequence in it reaches the terminal (line breaks are kept). A message that cannot be written
/// is dropped (`LineWriter`), never a trap.
func printError(_ message: String) {
    LineWriter.standardError.write(TerminalText.sanitize(message, keepingNewlines: true))
}

/// Prints JSON made by a command (`--json`): characters an encoder leaves raw that a terminal
/// could act on — C1 controls, bidirectional controls — are written as `\uXXXX` escapes
/// (`TerminalText.inertJSON`); the JSON reads the same.
func printInertJSON(_ json: Data) {
    print(TerminalText.inertJSON(String(decoding: json, as: UTF8.self)))
}
