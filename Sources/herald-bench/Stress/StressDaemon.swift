import Foundation
import HeraldClient
import HeraldWire
import HeraldSystem

/// A `herald daemon` child process for the stress scenarios: a private home and socket, output
/// to a log file in the home, stopped with the signal the scenario chooses.
final class StressDaemon {
    let child: ChildProcess
    let socketPath: String
    private var exited = false

    /// The daemon's log.
    let log: URL

    /// `arguments` go after `daemon`; `descriptorLimit` is the daemon's `ulimit -n`.
    init(herald: String, home: URL, arguments: [String] = [], descriptorLimit: Int? = nil) throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        socketPath = home.appendingPathComponent("herald.sock").path
        log = home.appendingPathComponent("daemon.log")
        let limit = descriptorLimit.map { "ulimit -n \($0) && " } ?? ""
        // The shell only redirects the log; `exec` makes the daemon the child itself (its pid).
        let script = "\(limit)home=\"$1\"; log=\"$2\"; shift 2; exec \"$0\" --home \"$home\" daemon \"$@\" 2>>\"$log\""
        child = try ChildProcess("/bin/sh", ["-c", script, herald, home.path, log.path] + arguments,
                                 environment: ["HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1"],
                                 captureOutput: false)
    }

    /// The daemon's footprint in `/proc` now.
    var footprint: ProcessFootprint { ProcessFootprint(pid: child.pid) }

    /// Returns once a client can say hello (throws after `seconds`).
    func waitUntilServing(seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let client = try? await IPCClient.connect(socketPath: socketPath, hello: ClientHello(role: .cli)) {
                client.close()
                return
            }
            guard Date() < deadline else { throw StressFailure("the daemon did not answer on \(socketPath)") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// Sends `signal` and waits for the exit; returns the exit status (128 + signal when killed).
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        guard !exited else { return 0 }
        exited = true
        child.signal(signal)
        return child.wait()
    }

    /// Resident memory of the daemon in bytes.
    var residentBytes: Int { Measure.residentBytes(pid: child.pid) }

    /// Starts sampling the daemon's resident memory (every 20 ms); `finish()` gives the highest
    /// seen, now included.
    func samplePeak() -> PeakSampler { PeakSampler(pid: child.pid) }

    deinit { stop(SIGKILL) }
}

/// A stress scenario found a violation, or could not run.
struct StressFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The highest resident memory of a process while a scenario runs (`StressDaemon.samplePeak`).
final class PeakSampler: Sendable {
    private let pid: Int32
    private let task: Task<Int, Never>

    init(pid: Int32) {
        self.pid = pid
        task = Task {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, Measure.residentBytes(pid: pid))
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
            return peak
        }
    }

    /// Stops sampling; the highest resident memory seen, in bytes.
    func finish() async -> Int {
        task.cancel()
        return max(await task.value, Measure.residentBytes(pid: pid))
    }
}
