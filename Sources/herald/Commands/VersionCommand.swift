/// `herald version`: prints the version.
enum VersionCommand: HeraldCommand {
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

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try arguments.finish()
        print("herald \(version)")
        return ExitStatus.success
    }
}
