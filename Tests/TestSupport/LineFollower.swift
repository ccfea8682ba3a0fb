import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A long-running program whose standard output is read line by line as it comes (`herald
/// status --watch`), with its process id for looking at it in /proc.
///
/// ```swift
/// let watch = try LineFollower(herald, ["status", "--watch"], environment: [:])
/// defer { watch.stop() }
/// let line = try watch.waitForLine { $0.contains("1 unread") }
/// ```
public final class LineFollower: Sendable {
    private let child: ChildProcess
    private let lines = Mutex<[String]>([])
    private let ended = Atomic<Bool>(false)

    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        child = try ChildProcess(executable, arguments, environment: environment, streams: .pipes)
        Thread { [self] in
            while let line = child.readLine() { lines.withLock { $0.append(line) } }
            ended.store(true, ordering: .sequentiallyConsistent)
        }.start()
    }

    /// The process id.
    public var pid: pid_t { child.pid }

    /// Every line so far.
    public var all: [String] { lines.withLock { $0 } }

    /// Waits for a line after the first `after` lines that satisfies `condition`.
    @discardableResult
    public func waitForLine(after: Int = 0, timeout: TimeInterval = 20, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = all
            if let line = seen.dropFirst(after).first(where: condition) { return line }
            guard Date() < deadline, !ended.load(ordering: .sequentiallyConsistent) else {
                throw ProcessError("no such line; the program printed: \(seen)")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Context switches of every thread of the process so far, and how many threads it has.
    public func contextSwitches() -> (switches: Int, threads: Int) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total = 0
        for task in tasks {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                total += Int(line.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") ?? 0
            }
        }
        return (total, tasks.count)
    }

    /// Ends the program (SIGTERM) and waits for it.
    public func stop() {
        child.signal(SIGTERM)
        child.wait()
    }
}
