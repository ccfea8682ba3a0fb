import Foundation

/// `herald manpage`: prints herald(1) in roff, made from the `--help` texts.
enum ManualCommand: SynchronousCommand {
    static let name = "manpage"
    static let summary = "print the herald(1) manual page (roff), made from these --help texts"
    static let help = """
    Usage: herald manpage

    Prints the manual page herald(1) in roff: the overview, every command's --help, the
    environment variables, files and exit statuses. The Debian package installs it; without
    it, read it with `herald manpage | man -l -`.

    Examples:
      herald manpage | man -l -
      herald manpage | gzip -9n > herald.1.gz
    """

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        try arguments.finish()
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init)
        let page = ManualPage(version: VersionCommand.version, date: epoch.map(Date.init(timeIntervalSince1970:)) ?? Date())
        print(page.roff(overview: CommandRegistry.overview,
                        commands: CommandRegistry.all.map { ($0.name, $0.help) }), terminator: "")
        return ExitStatus.success
    }

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.success
    }
}
