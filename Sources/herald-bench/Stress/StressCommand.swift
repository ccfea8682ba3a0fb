import Foundation

/// `herald-bench stress SCENARIO [options]`: the full-size reliability runs of issue 12
/// (docs/RELIABILITY.md). Each prints what it tried and what was lost, and exits 1 when anything
/// was lost or a limit did not hold — the tests run the same scenarios at a small size.
struct StressCommand {
    var scenario: String
    var size: Int?
    var rounds: Int?
    var delays: [Int]?
    var herald: String
    var scratch: URL

    static let scenarios = ["scheduled"]

    static let usage = """
        Usage: herald-bench stress SCENARIO [--size N] [--rounds N] [--delays MS,MS,...] [--herald PATH] [--scratch DIR]

        Scenarios:
          scheduled   N requests due at one instant (default 600); the daemon is stopped with
                      SIGKILL and with SIGTERM each delay after it (default 1,5,10,25,50,100 ms), for
                      each round (default 3). Nothing may be lost or delivered twice.
        """

    static func parse(_ arguments: [String]) throws -> StressCommand {
        var rest = arguments[...]
        guard let scenario = rest.popFirst(), scenarios.contains(scenario) else {
            throw BenchUsageError("stress needs a scenario (\(scenarios.joined(separator: ", ")))\n\(usage)")
        }
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchUsageError("\(flag) needs a value") }
            return next
        }
        func count(_ flag: String) throws -> Int {
            guard let number = Int(try value(flag)), number > 0 else { throw BenchUsageError("\(flag) needs a whole number above 0") }
            return number
        }
        var command = StressCommand(scenario: scenario, herald: Self.defaultHerald(),
                                    scratch: FileManager.default.temporaryDirectory
                                        .appendingPathComponent("herald-stress-\(getpid())"))
        while let argument = rest.popFirst() {
            switch argument {
            case "--size": command.size = try count(argument)
            case "--rounds": command.rounds = try count(argument)
            case "--delays":
                let text = try value(argument)
                let delays = text.split(separator: ",").compactMap { Int($0) }
                guard !delays.isEmpty, delays.count == text.split(separator: ",").count else {
                    throw BenchUsageError("--delays needs milliseconds separated by commas, e.g. 1,5,10")
                }
                command.delays = delays
            case "--herald": command.herald = try value(argument)
            case "--scratch": command.scratch = URL(fileURLWithPath: try value(argument))
            case "-h", "--help": throw BenchHelpRequested()
            default: throw BenchUsageError("unknown argument '\(argument)'\n\(usage)")
            }
        }
        return command
    }

    /// `herald` next to this executable.
    static func defaultHerald() -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("herald").path
    }

    /// Runs the scenario; returns the exit status (0: nothing lost, every limit held).
    func run() async throws -> Int32 {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["HERALD_STRESS_KEEP"] == nil { try? FileManager.default.removeItem(at: scratch) } }
        let log: (String) -> Void = { print($0) }
        switch scenario {
        default:
            var stress = ScheduledStopStress()
            if let size { stress.requests = size }
            if let rounds { stress.rounds = rounds }
            if let delays { stress.delaysMilliseconds = delays }
            let outcome = try await stress.run(herald: herald, scratch: scratch, log: log)
            print("scheduled: \(outcome.runs) stops, \(outcome.requests) requests due at the stop; "
                  + "\(outcome.deliveredBeforeStop) delivered before it, \(outcome.pendingAfterStop) still pending; "
                  + "lost \(outcome.lost), duplicated \(outcome.duplicated)")
            return outcome.lost == 0 && outcome.duplicated == 0 ? 0 : 1
        }
    }
}
