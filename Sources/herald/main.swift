import Foundation

// The `herald` executable: argument parsing and wiring only. Each subcommand is a file in
// `Commands/`, listed in `CommandRegistry`. Short commands (`post`, `--version`, `--help`) run
// here on the main thread; the others run as a task (the main queue is served by `dispatchMain`,
// as for an `async` main).
if let status = CommandRegistry.runSynchronously(CommandLine.arguments) { exit(status) }
Task { @MainActor in exit(await CommandRegistry.main(CommandLine.arguments)) }
dispatchMain()
