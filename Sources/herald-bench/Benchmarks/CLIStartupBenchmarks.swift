import DBusHarness
import Foundation
import HeraldStore
import HeraldSystem

/// What a `herald` process costs from start to exit, against the same run's do-nothing runs:
/// `cli_post_ms` (a whole `herald post` against the running daemon), `hello_ms` (`herald
/// --version`: the binary's start-up alone) and `cli_notify_send_ms` (`notify-send --help`, the
/// start-up of the desktop's own notification client, when it is installed), `cli_status_ms`
/// (a whole `herald status`, when the binary has that command) and `cli_post_null_ms` (the same
/// `herald post` against `NullSocketServer`, which answers at once: the floor of a post made by
/// this binary — its start-up and one round trip to a server doing no work), interleaved so a
/// busy machine weighs on all of them alike; medians.
enum CLIStartupBenchmarks {
    static let metricKeys = ["cli_post_ms", "hello_ms", "cli_notify_send_ms", "cli_status_ms", "cli_post_null_ms"]

    static func run(_ options: BenchOptions, herald: String, home: HeraldHome, socketPath: String,
                    report: Report) throws -> Int {
        let notifySend = Programs.which("notify-send")
        var post: [Double] = [], hello: [Double] = [], notifySendHelp: [Double] = [], status: [Double] = []
        var nullPost: [Double] = []
        let nullServer = try NullSocketServer(path: home.url.appendingPathComponent("null-cli.sock").path)
        defer { nullServer.stop() }
        let rounds = max(3, options.size(30))
        let daemonEnvironment = ["HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1"]
        let statusArguments = ["--home", home.url.path, "status"]
        let hasStatus = (try? ChildProcess(herald, statusArguments, environment: daemonEnvironment, streams: .null)
            .wait(timeout: 60, "herald status")) == 0
        for n in 0..<rounds {
            if hasStatus { status.append(try time(herald, statusArguments, environment: daemonEnvironment)) }
            post.append(try time(herald, ["--home", home.url.path, "post", "--new-app", "bench.cli", "--title", "CLI \(n)",
                                          "--sound", "none"],
                                 environment: ["HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1"]))
            hello.append(try time(herald, ["--version"], environment: [:]))
            nullPost.append(try time(herald, ["--home", home.url.path, "post", "--new-app", "bench.cli", "--title", "CLI \(n)",
                                              "--sound", "none"],
                                     environment: ["HERALD_SOCKET": nullServer.path, "HERALD_NO_SPAWN": "1"]))
            if let notifySend { notifySendHelp.append(try time(notifySend, ["--help"], environment: [:])) }
        }
        let postMedian = Measure.median(post), helloMedian = Measure.median(hello)
        report.add(Metric("cli_post_ms", label: "herald post process", value: postMedian, unit: "ms", goal: 5,
                          direction: .lower))
        report.add(Metric("hello_ms", label: "herald --version process", value: helloMedian, unit: "ms"))
        let nullMedian = Measure.median(nullPost)
        report.add(Metric("cli_post_null_ms", label: "herald post process, null server", value: nullMedian, unit: "ms"))
        report.add(Comparison(label: "herald post ÷ herald post to the null server", measured: String(format: "%.2f ms", postMedian),
                              baseline: String(format: "%.2f ms", nullMedian), ratio: postMedian / nullMedian, goal: nil,
                              direction: .lower))
        report.add(Comparison(label: "herald post ÷ herald --version (start-up)", measured: String(format: "%.2f ms", postMedian),
                              baseline: String(format: "%.2f ms", helloMedian), ratio: postMedian / helloMedian, goal: 2,
                              direction: .lower))
        if notifySend != nil {
            let notifyMedian = Measure.median(notifySendHelp)
            report.add(Metric("cli_notify_send_ms", label: "notify-send --help process", value: notifyMedian, unit: "ms"))
            report.add(Comparison(label: "herald post ÷ notify-send --help", measured: String(format: "%.2f ms", postMedian),
                                  baseline: String(format: "%.2f ms", notifyMedian), ratio: postMedian / notifyMedian, goal: 1,
                                  direction: .lower))
            report.add(Comparison(label: "herald post to the null server ÷ notify-send --help (the floor)",
                                  measured: String(format: "%.2f ms", nullMedian), baseline: String(format: "%.2f ms", notifyMedian),
                                  ratio: nullMedian / notifyMedian, goal: nil, direction: .lower))
        } else {
            report.add(Metric("cli_notify_send_ms", label: "notify-send --help process", value: nil, unit: "",
                              missingReason: "n/a (notify-send not installed: apt-get install libnotify-bin)"))
        }
        if hasStatus {
            let statusMedian = Measure.median(status)
            report.add(Metric("cli_status_ms", label: "herald status process", value: statusMedian, unit: "ms"))
            report.add(Comparison(label: "herald status ÷ herald post", measured: String(format: "%.2f ms", statusMedian),
                                  baseline: String(format: "%.2f ms", postMedian), ratio: statusMedian / postMedian, goal: 1,
                                  direction: .lower))
        } else {
            report.add(Metric("cli_status_ms", label: "herald status process", value: nil, unit: "",
                              missingReason: "n/a (this herald has no status command)"))
        }
        report.note("cli: \(herald) — \(linkage(of: herald)); \(rounds) rounds of herald post, herald --version, herald post to a null server"
                    + (notifySend == nil ? "" : ", notify-send --help"))
        return rounds
    }

    /// How the binary carries the Swift runtime: the release build `scripts/install.sh` makes
    /// links it in; a binary that names `libswiftCore.so` loads it at start.
    static func linkage(of path: String) -> String {
        guard let binary = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return "linkage unknown (unreadable)"
        }
        return binary.range(of: Data("libswiftCore.so".utf8)) == nil
            ? "Swift runtime linked statically, as scripts/install.sh builds it"
            : "Swift runtime linked DYNAMICALLY (not what scripts/install.sh installs: build with swift build -c release)"
    }

    /// One process from spawn to exit, in milliseconds (posix_spawn and waitpid: Foundation's
    /// `Process.waitUntilExit` waits on its run loop, which added up to ~50 ms on a busy machine).
    private static func time(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Double {
        let start = Measure.now()
        let status = try ChildProcess(executable, arguments, environment: environment, streams: .null)
            .wait(timeout: 60, "\(executable) \(arguments.joined(separator: " "))")
        guard status == 0 else { throw BenchUsageError("\(executable) \(arguments.joined(separator: " ")) failed (\(status))") }
        return Double(Measure.now() - start) / 1e6
    }
}
