/// `herald version`: prints the version.
enum VersionCommand: SynchronousCommand {
    static let name = "version"
    static let summary = "print Herald's version"
    static let help = """
    Usage: herald version
           herald --version

    Prints Herald's version.

    Examples:
      herald --version
    """
    static let version = "0.1.0"

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        try arguments.finish()
        print("herald \(version)")
        return ExitStatus.success
    }

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.success
    }
}
