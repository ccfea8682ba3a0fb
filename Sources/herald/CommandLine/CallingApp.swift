import Foundation
import HeraldClient
import HeraldWire

/// The app a command speaks for.
///
/// `--app ID` names an app the center already knows (a typo is refused, not made into a new
/// app); `--new-app ID` names one that may be new. Without either: `$HERALD_APP`, else the
/// calling script's file name, found by walking up from the parent process past shells running
/// `-c` and wrappers (`timeout`, `env`, `nice`, `sudo`, …), else the first other program on the
/// way (`make`, `cron`, an interactive shell's name). So `deploy.sh` posts as `deploy.sh` whether
/// it runs as `./deploy.sh`, `bash deploy.sh`, under `timeout`, `make` or cron.
struct CallingApp: Sendable, Equatable {
    /// The bundle identifier.
    var name: String
    /// Whether the center must already know the app (`--app`).
    var mustBeKnown: Bool

    /// Reads `--app ID` or `--new-app ID`, else the default.
    static func resolve(_ arguments: inout Arguments) throws -> CallingApp {
        let known = try arguments.option("--app")
        let new = try arguments.option("--new-app")
        if known != nil && new != nil { throw UsageError("give --app or --new-app, not both") }
        if let known {
            guard !known.isEmpty else { throw UsageError("--app needs a bundle identifier") }
            return CallingApp(name: known, mustBeKnown: true)
        }
        if let new {
            guard !new.isEmpty else { throw UsageError("--new-app needs a bundle identifier") }
            return CallingApp(name: new, mustBeKnown: false)
        }
        return CallingApp(name: defaultName(), mustBeKnown: false)
    }

    /// `$HERALD_APP`, else the calling script or program (see the type's documentation).
    static func defaultName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let app = environment["HERALD_APP"], !app.isEmpty { return app }
        return ProcessAncestry.callerName(startingAt: getppid()) ?? "herald"
    }
}

/// Names the program that called `herald`, from `/proc`.
enum ProcessAncestry {
    /// Programs that only run another command: skipped on the way up.
    static let wrappers: Set<String> = [
        "timeout", "env", "nice", "nohup", "sudo", "doas", "time", "stdbuf", "ionice", "setsid", "flock",
        "chronic", "xargs", "watch", "unbuffer", "taskset", "chrt", "caffeinate", "systemd-run", "script",
    ]
    /// Interpreters whose first non-option argument is the script they run.
    static let interpreters: Set<String> = [
        "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "perl", "ruby", "node", "php", "lua", "tclsh",
    ]
    /// Options that make an interpreter run inline code instead of a file (for shells `-e` is
    /// an ordinary option).
    static let inlineCodeOptions: Set<String> = ["-c", "--command"]
    static let inlineCodeOptionsOfLanguages: Set<String> = ["-c", "-e", "-E", "--eval", "-r"]

    /// What one process is, for naming purposes.
    enum Role: Equatable {
        /// A script file run by an interpreter: its file name.
        case script(String)
        /// A wrapper or a shell running `-c`: look at its parent.
        case passThrough
        /// Any other program (or an interactive shell): its name.
        case program(String)
    }

    /// Walks up from `pid` (at most 8 steps) to the first script or program.
    static func callerName(startingAt pid: pid_t) -> String? {
        var pid = pid
        var fallback: String?
        for _ in 0..<8 where pid > 1 {
            guard let comm = read("/proc/\(pid)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines),
                  !comm.isEmpty else { break }
            let argv = (read("/proc/\(pid)/cmdline") ?? "").split(separator: "\0").map(String.init)
            fallback = fallback ?? comm
            switch role(comm: comm, argv: argv) {
            case .script(let name), .program(let name): return name
            case .passThrough: pid = parent(of: pid) ?? 0
            }
        }
        return fallback
    }

    /// The role of a process with this `comm` and argument vector.
    static func role(comm: String, argv: [String]) -> Role {
        if wrappers.contains(comm) { return .passThrough }
        let isInterpreter = interpreters.contains(comm) || comm.hasPrefix("python") || comm.hasPrefix("pypy")
        guard isInterpreter else { return .program(comm) }
        let isShell = comm.hasSuffix("sh")
        var arguments = argv.dropFirst()
        while let argument = arguments.popFirst() {
            if (isShell ? inlineCodeOptions : inlineCodeOptionsOfLanguages).contains(argument) { return .passThrough }
            if argument == "-m", !isShell, let module = arguments.first { return .script(module) }
            if argument.hasPrefix("-") { continue }
            // A script read from a descriptor (`bash <(…)`) has no name worth keeping.
            if argument.hasPrefix("/dev/fd/") || argument.hasPrefix("/proc/") { return .program(comm) }
            let file = URL(fileURLWithPath: argument).lastPathComponent
            return file.isEmpty ? .program(comm) : .script(file)
        }
        return .program(comm)
    }

    private static func parent(of pid: pid_t) -> pid_t? {
        // `/proc/PID/stat`: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

extension CallingApp {
    /// For `--app`: throws (exit status 3) when the center does not know the app.
    func requireKnown(client: IPCClient) async throws {
        guard mustBeKnown else { return }
        let apps = try await client.call(Methods.apps, Empty())
        if !apps.contains(where: { $0.bundleIdentifier == name }) {
            throw CommandError(WireError.unknownApp(name).message, status: ExitStatus.notFound)
        }
    }
}
