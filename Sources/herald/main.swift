import Foundation

// The `herald` executable: argument parsing and wiring only. Each subcommand is a file in
// `Commands/`, listed in `CommandRegistry`. Short commands (`post`, `--version`, `--help`) run
// here on the main thread; the others run as a task (the main queue is served by `dispatchMain`,
// as for an `async` main).
if let status = CommandRegistry.runSynchronously(CommandLine.arguments) { exit(status) }
runAsTask(CommandLine.arguments)

/// Runs the command line as a task on the main actor and serves the main queue until it exits.
/// A function of its own: in the top-level code the compiler asks for the task's metadata
/// (`TaskPriority?`, made from its mangled name) before anything else runs, and a short command
/// that never starts a task would pay for it.
@inline(never)
func runAsTask(_ argv: [String]) -> Never {
    Task { @MainActor in exit(await CommandRegistry.main(argv)) }
    dispatchMain()
}
