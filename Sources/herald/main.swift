import Foundation

// The `herald` executable: argument parsing and wiring only. Each subcommand is a file in
// `Commands/`, listed in `CommandRegistry`.
exit(await CommandRegistry.main(CommandLine.arguments))
