import HeraldClient
import HeraldCore
import HeraldWire

/// `herald count`: how many notifications are unread, for scripts and status bars.
enum CountCommand: SynchronousCommand {
    static let name = "count"
    static let summary = "print how many notifications are unread (for scripts and status bars)"
    static let help = """
    Usage: herald count [--app ID]

    Prints the number of unread notifications in history — every app's, or one app's — and
    nothing else (`herald status --count` prints the same). For a line that changes as
    notifications come and go, see `herald status --watch`.

    Options:
      --app ID   Only this app's unread notifications; an app the center does not know is an
                 error (exit status 3).

    Exit status: 0 printed, 3 the --app is unknown, 1 no center could be reached.

    Examples:
      herald count
      [ "$(herald count --app make)" -gt 0 ] && echo "make has news"
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.failure
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        let app = try arguments.option("--app")
        try arguments.finish()
        let client = try CenterLocation(context).connectBlocking(role: .cli, client: "herald count")
        defer { client.close() }
        print(try unread(app: app, client: client))
        return ExitStatus.success
    }

    /// The unread count of one app (exit status 3 when the center does not know it), or of all.
    static func unread(app: String?, client: BlockingIPCClient) throws -> Int {
        let counts = try client.call(Methods.historyCounts, Empty())
        guard let app else { return counts.values.reduce(0) { $0 + $1.unread } }
        guard let appCounts = counts[app] else {
            throw CommandError("the center knows no app named \"\(app)\"; `herald apps` lists them", status: ExitStatus.notFound)
        }
        return appCounts.unread
    }
}
