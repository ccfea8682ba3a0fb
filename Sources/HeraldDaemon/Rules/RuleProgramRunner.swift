import Foundation
import HeraldCore
import HeraldSystem
import Synchronization

/// Runs the programs of `[rule]`s (`exec`) for the daemon: each with the notification in its
/// environment (`RuleProgramEnvironment`) and as JSON on standard input, never through a shell.
///
/// - At most `Limits.running` programs run at once; up to `Limits.waiting` more wait their
///   turn, and past that a program is not run (one log line says so).
/// - A program still running after its rule's time limit is stopped: SIGTERM to its process
///   group (it and what it started), SIGKILL `Limits.killGrace` seconds later.
/// - What it prints (standard output and error, the first `Limits.outputBytes` of each) and
///   how it ended go to the daemon's log, one line each, through the log's escaping.
///
/// ```swift
/// let runner = RuleProgramRunner(log: { DaemonLog.write($0) })
/// runner.run(command, environment: ["HERALD_TITLE": "Hi"], input: Data("{}".utf8))
/// ```
public final class RuleProgramRunner: Sendable {
    /// How many programs run and wait, and how much of their output is kept.
    public struct Limits: Sendable {
        public var running = 4
        public var waiting = 64
        public var outputBytes = 4096
        /// Seconds between SIGTERM and SIGKILL when a program overruns its time limit.
        public var killGrace: TimeInterval = 2
        public init() {}
    }

    private struct Job: Sendable {
        let command: RuleCommand
        let environment: [String: String]
        let input: Data
    }

    private struct State {
        var running = 0
        var waiting: [Job] = []
    }

    private let limits: Limits
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// Variables of the daemon's own environment that must not reach a program (a supervisor's
    /// socket hand-over is meant for the daemon alone).
    static let withheld = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES", "NOTIFY_SOCKET"]

    public init(limits: Limits = Limits(), log: @escaping @Sendable (String) -> Void) {
        self.limits = limits
        self.log = log
    }

    /// Starts `command` now, or when a running program ends; drops it (saying so) when too many wait.
    public func run(_ command: RuleCommand, environment: [String: String], input: Data) {
        let job = Job(command: command, environment: environment, input: input)
        enum Turn { case now, later, never }
        let turn: Turn = state.withLock { state in
            if state.running < limits.running {
                state.running += 1
                return .now
            }
            guard state.waiting.count < limits.waiting else { return .never }
            state.waiting.append(job)
            return .later
        }
        switch turn {
        case .now: launch(job)
        case .later: break
        case .never:
            log("\(command.ruleDescription): too many programs (\(limits.running) running, \(limits.waiting) waiting): "
                + "\(command.program) not run for this notification")
        }
    }

    /// A slot came free: the next waiting job takes it.
    private func finished() {
        let next: Job? = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        if let next { launch(next) }
    }

    private func launch(_ job: Job) {
        let command = job.command
        let child: ChildProcess
        do {
            child = try ChildProcess(command.program, command.arguments, environment: job.environment,
                                     unsetting: Self.withheld, streams: .pipes, ownProcessGroup: true)
        } catch {
            log("\(command.ruleDescription): \(command.program) did not start: \(error)")
            finished()
            return
        }
        // The slot is given back once: when the program ends, or when it was killed and a
        // descendant that left its process group still holds its output open.
        let released = Mutex(false)
        let release: @Sendable () -> Void = { [self] in
            if released.withLock({ done in defer { done = true }; return !done }) { finished() }
        }
        // Set by whoever comes first: the program's end (`ended`) or its time limit (`overran`).
        let outcome = Mutex<(ended: Bool, overran: Bool)>((false, false))
        let grace = limits.killGrace
        DispatchQueue.global().asyncAfter(deadline: .now() + command.timeLimit) { [log] in
            let overran = outcome.withLock { outcome in
                if !outcome.ended { outcome.overran = true }
                return outcome.overran
            }
            guard overran else { return }
            log("\(command.ruleDescription): \(command.program) still running after "
                + "\(Self.seconds(command.timeLimit)): stopped")
            child.signalGroup(SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
                child.signalGroup(SIGKILL)
                DispatchQueue.global().asyncAfter(deadline: .now() + grace) { release() }
            }
        }
        let limit = limits.outputBytes
        Thread.detachNewThread { [self] in
            let (output, errors) = child.readOutputs(input: job.input, limit: limit)
            let status = child.wait()
            let overran = outcome.withLock { outcome in
                outcome.ended = true
                return outcome.overran
            }
            report(command, status: status, overran: overran, output: output, errors: errors)
            release()
        }
    }

    private func report(_ command: RuleCommand, status: Int32, overran: Bool, output: Data, errors: Data) {
        let name = command.ruleDescription
        for (data, stream) in [(output, "output"), (errors, "error")] where !data.isEmpty {
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines { log("\(name) \(stream): \(line)") }
            if data.count >= limits.outputBytes { log("\(name) \(stream): (cut at \(limits.outputBytes) bytes)") }
        }
        let ending = status > 128 && overran ? "was stopped (status \(status))" : "exited with status \(status)"
        log("\(name): \(command.program) \(ending)")
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}
