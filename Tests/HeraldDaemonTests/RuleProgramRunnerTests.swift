import Foundation
import HeraldCore
import HeraldDaemon
import Synchronization
import Testing
import TestSupport

/// The runner of `[rule]` programs with real programs (`/bin/sh` scripts): the notification in
/// the environment and on standard input, output and exit status to the log, the time limit
/// (the program and what it started), the cap on programs at once.
@Suite struct RuleProgramRunnerTests {
    /// A log that tests can read.
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func write(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
        func contains(_ text: String) -> Bool { all.contains { $0.contains(text) } }
    }

    static func script(_ text: String, timeLimit: TimeInterval = 30) -> RuleCommand {
        RuleCommand(program: "/bin/sh", arguments: ["-c", text], timeLimit: timeLimit, ruleDescription: "rule \"test\"")
    }

    @Test func theProgramGetsEnvironmentAndInputAndItsOutputIsLogged() async throws {
        let log = Log()
        let runner = RuleProgramRunner(log: log.write)
        runner.run(Self.script(#"printf 'title=%s\n' "$HERALD_TITLE"; cat; echo oops >&2; exit 3"#),
                   environment: ["HERALD_TITLE": "$(touch /nonexistent/x)"], input: Data(#"{"id":7}"#.utf8))
        #expect(await eventually { log.contains("exited with status 3") }, "\(log.all)")
        #expect(log.all == ["rule \"test\" output: title=$(touch /nonexistent/x)", "rule \"test\" output: {\"id\":7}",
                            "rule \"test\" error: oops", "rule \"test\": /bin/sh exited with status 3"])
    }

    /// Past its time limit the program is stopped, and so is what it started (its process group).
    @Test func aProgramOverItsTimeLimitIsStoppedWithWhatItStarted() async throws {
        let directory = try TemporaryDirectory("herald-rule-runner")
        defer { directory.remove() }
        let log = Log()
        var limits = RuleProgramRunner.Limits()
        limits.killGrace = 0.5
        let runner = RuleProgramRunner(limits: limits, log: log.write)
        let pidFile = directory.path + "/child.pid"
        runner.run(Self.script("sleep 300 & echo $! > \(pidFile); wait", timeLimit: 3), environment: [:], input: Data())
        #expect(await eventually { log.contains("/bin/sh was stopped") }, "\(log.all)")
        #expect(log.contains("rule \"test\": /bin/sh still running after 3 s: stopped"))
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)
                                        .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await eventually { Self.hasEnded(pid) }, "the sleep the program started is still running")
    }

    /// One at a time with one waiting: a third is not run, and says so; the waiting one runs
    /// when the first ends.
    @Test func programsPastTheCapWaitAndPastTheQueueAreNotRun() async throws {
        let directory = try TemporaryDirectory("herald-rule-runner")
        defer { directory.remove() }
        let log = Log()
        var limits = RuleProgramRunner.Limits()
        limits.running = 1
        limits.waiting = 1
        let runner = RuleProgramRunner(limits: limits, log: log.write)
        let go = directory.path + "/go"
        let blocked = Self.script("while [ ! -e \(go) ]; do sleep 0.05; done; echo first")
        runner.run(blocked, environment: [:], input: Data())
        runner.run(Self.script("echo second"), environment: [:], input: Data())
        runner.run(Self.script("echo third"), environment: [:], input: Data())
        #expect(log.all == ["rule \"test\": too many programs (1 running, 1 waiting): /bin/sh not run for this notification"])
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        #expect(await eventually { log.contains("output: second") }, "\(log.all)")
        #expect(!log.contains("output: third"))
        #expect(log.all.firstIndex { $0.contains("output: first") }! < log.all.firstIndex { $0.contains("output: second") }!)
    }

    @Test func outputPastTheLimitIsCut() async throws {
        let log = Log()
        var limits = RuleProgramRunner.Limits()
        limits.outputBytes = 10
        let runner = RuleProgramRunner(limits: limits, log: log.write)
        runner.run(Self.script("yes abcdefghij | head -c 100000"), environment: [:], input: Data())
        #expect(await eventually { log.contains("exited with status 0") }, "\(log.all)")
        #expect(log.all.prefix(2) == ["rule \"test\" output: abcdefghij", "rule \"test\" output: (cut at 10 bytes)"])
    }

    @Test func aProgramThatCannotStartIsLogged() async throws {
        let log = Log()
        let runner = RuleProgramRunner(log: log.write)
        runner.run(RuleCommand(program: "/nonexistent/program", ruleDescription: "rule at line 3"), environment: [:],
                   input: Data())
        #expect(log.all.count == 1 && log.all[0].hasPrefix("rule at line 3: /nonexistent/program did not start"), "\(log.all)")
        // Its slot is free again.
        runner.run(Self.script("echo next"), environment: [:], input: Data())
        #expect(await eventually { log.contains("output: next") })
    }

    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state == "Z" || state == "X"
    }
}
