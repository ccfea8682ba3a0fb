import Foundation
import HeraldWire

/// `herald-bench stress SCENARIO [options]`: the full-size reliability runs
/// (docs/RELIABILITY.md). Each prints what it tried and what was lost, and exits 1 when anything
/// was lost or a limit did not hold — the tests run the same scenarios at a small size.
struct StressCommand {
    var scenario: String
    var size: Int?
    var rounds: Int?
    var delays: [Int]?
    var rateLimit: Int?
    var waitsForHelloTimeout = true
    var herald: String
    var scratch: URL

    static let scenarios = ["scheduled", "silent", "subscribers", "readers", "vanishing", "flood", "broker-kills"]

    static let usage = """
        Usage: herald-bench stress SCENARIO [--size N] [--rounds N] [--delays MS,MS,...] [--rate-limit N]
                                     [--no-hello-wait] [--herald PATH] [--scratch DIR]

        Scenarios:
          scheduled   N requests due at one instant (default 600); the daemon is stopped with
                      SIGKILL and with SIGTERM each delay after it (default 1,5,10,25,50,100 ms), for
                      each round (default 3). Nothing may be lost or delivered twice.
          silent      N clients that connect and say nothing (default 400), the daemon limited to
                      1,024 descriptors; clients with a hello among them must be served, every
                      silent one told why it is let go, no thread spent on any. --no-hello-wait
                      does not wait out the 10 s hello timeout.
          subscribers 8 subscribers that never read while N posts of 16 KiB arrive (default 2,000,
                      twice: without and with them); each is dropped with queueOverflow and the
                      daemon's memory comes back (resident before, at the peak, after).
          readers     20 clients that ask for the whole history (limit 1,000,000) and never read,
                      over N notifications of 16 KiB (default 2,000): each reply at most one line
                      of 1 MiB, every reader answered when it reads, the daemon's memory back
                      after they go (resident before, at the peak, after).
          vanishing   N clients (default 600) that vanish: before or after hello, subscribed,
                      with a wait in flight, as a foreground app being called, mid-line; the
                      daemon's threads and descriptors must come back to where they were.
          flood       N posts from one app over 4 connections (default 50,000), the daemon at
                      --rate-limit 1000 (or N): refusals say rateLimited, nothing acknowledged is lost,
                      retention holds, `herald apps` is answered meanwhile.
          broker-kills N posts (default 20,000) waiting at a real mosquitto; the daemon takes them
                      and is killed with SIGKILL at random moments --rounds times (default 8), then
                      started again until all are in. None may be lost or taken twice.
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
            case "--rate-limit": command.rateLimit = try count(argument)
            case "--no-hello-wait": command.waitsForHelloTimeout = false
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
        case "silent":
            var stress = SilentClientsStress()
            if let size { stress.silent = size }
            stress.waitForHelloTimeout = waitsForHelloTimeout
            let o = try await stress.run(herald: herald, scratch: scratch, log: log)
            let before = o.before?.threads ?? 0, peak = o.peak?.threads ?? 0
            print("silent: \(o.silent) silent clients under a \(stress.descriptorLimit)-descriptor limit, \(o.served) with a hello "
                  + "among them: \(o.served - o.notServed) served (slowest \(Int(o.slowestServedMilliseconds)) ms), "
                  + "\(o.notServed) not; \(o.toldWhy) silent ones told why, \(o.notTold) not; daemon threads \(before) → \(peak) "
                  + "→ \(o.after?.threads ?? 0), descriptors \(o.before?.descriptors ?? 0) → \(o.peak?.descriptors ?? 0) "
                  + "→ \(o.after?.descriptors ?? 0); lost \(o.notServed + o.notTold)")
            let held = o.notServed == 0 && o.notTold == 0 && peak < before + 8
                && (o.after?.descriptors ?? .max) <= (o.before?.descriptors ?? 0)
            return held ? 0 : 1
        case "subscribers":
            var stress = NonReadingSubscribersStress()
            if let size { stress.posts = size }
            let o = try await stress.run(herald: herald, scratch: scratch, log: log)
            print("subscribers: \(o.subscribers) subscribers that never read, \(o.posts) posts (\(o.failedPosts) failed); "
                  + "\(o.toldWhy) told queueOverflow; \(o.memory.summary); lost \(o.failedPosts)")
            let held = o.failedPosts == 0 && o.toldWhy == o.subscribers && o.memory.cameBack
            return held ? 0 : 1
        case "readers":
            var stress = NonReadingReadersStress()
            if let size { stress.posts = size }
            let o = try await stress.run(herald: herald, scratch: scratch, log: log)
            let limit = LineConnection.maximumLineLength
            print("readers: \(o.readers) readers of the whole history that never read, \(o.posts) notifications of "
                  + "\(stress.bodyBytes >> 10) KiB (\(o.failedPosts) failed); \(o.answered) answered, longest reply "
                  + "\(o.longestLine) bytes (limit \(limit)), first page \(o.firstPageRows) rows; \(o.memory.summary); "
                  + "over the limit \(o.longestLine > limit ? 1 : 0)")
            let held = o.failedPosts == 0 && o.answered == o.readers && o.longestLine <= limit && o.memory.cameBack
            return held ? 0 : 1
        case "vanishing":
            var stress = VanishingClientsStress()
            if let size { stress.clients = size }
            let o = try await stress.run(herald: herald, scratch: scratch, log: log)
            let before = o.before.map { "\($0.threads) threads, \($0.descriptors) descriptors" } ?? "?"
            let after = o.after.map { "\($0.threads) threads, \($0.descriptors) descriptors" } ?? "?"
            print("vanishing: \(o.clients) clients vanished; daemon \(before) before, \(after) after; "
                  + "posts to vanished apps not acknowledged: \(o.failedPosts); lost \(o.failedPosts)")
            let held = o.failedPosts == 0 && (o.after?.threads ?? .max) <= (o.before?.threads ?? 0)
                && (o.after?.descriptors ?? .max) <= (o.before?.descriptors ?? 0)
            return held ? 0 : 1
        case "broker-kills":
            var stress = BrokerKillStress()
            if let size { stress.posts = size }
            if let rounds { stress.kills = rounds }
            let o = try await stress.run(herald: herald, scratch: scratch, log: log)
            print("broker-kills: \(o.posts) posts through the broker, \(o.kills) SIGKILLs while the daemon took them: "
                  + "\(o.kept) in history after \(o.deliveries) deliveries; lost \(o.lost), duplicated \(o.duplicated)")
            return o.lost == 0 && o.duplicated == 0 ? 0 : 1
        case "flood":
            var stress = FloodStress()
            if let size { stress.posts = size }
            if let rateLimit { stress.rateLimit = rateLimit }
            let o = try await stress.run(herald: herald, scratch: scratch, log: log)
            print("flood: \(o.posts) posts from one app in \(String(format: "%.1f", o.seconds)) s at --rate-limit "
                  + "\(stress.rateLimit): \(o.accepted) accepted, \(o.rateLimited) refused rateLimited, \(o.unclear) unclear; "
                  + "\(o.kept) in history (retention \(FloodStress.retention)); herald apps: \(o.commandRuns) runs, "
                  + "\(o.commandFailures) failed, slowest \(Int(o.slowestCommandMilliseconds)) ms; lost \(o.lost)")
            let held = o.unclear == 0 && o.lost == 0 && o.commandFailures == 0 && o.commandRuns > 0
                && o.kept <= FloodStress.retention + max(1, FloodStress.retention / 100)
            return held ? 0 : 1
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
