import Dispatch
import Foundation
import HeraldSystem
import Synchronization

extension ChildProcess {
    /// `wait()`, but the child is killed (SIGKILL) when it has not exited `seconds` after the
    /// call: a benchmark never waits forever for a program it started. Throws, naming `what`,
    /// when the child had to be killed. The watchdog only sends a signal, so a child that exits
    /// in time is timed exactly as by `wait()`.
    @discardableResult
    func wait(timeout seconds: Double, _ what: @autoclosure () -> String) throws -> Int32 {
        let (status, killed) = waitKilling(after: seconds)
        if killed { throw BenchUsageError("\(what()) did not finish within \(Int(seconds)) s (killed)") }
        return status
    }

    /// Stops a helper (server) the benchmark started: SIGTERM, and SIGKILL when it is still
    /// running `seconds` later. Never throws (used in `defer`).
    func stop(within seconds: Double = 10) {
        signal(SIGTERM)
        _ = waitKilling(after: seconds)
    }

    /// Waits for the child; a watchdog kills it `seconds` from now. Whether it had to.
    func waitKilling(after seconds: Double) -> (status: Int32, killed: Bool) {
        let fired = WatchdogFlag()
        let watchdog = DispatchWorkItem { [self] in
            fired.value.withLock { $0 = true }
            signal(SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        let status = wait()
        watchdog.cancel()
        return (status, fired.value.withLock { $0 })
    }
}

/// Whether a watchdog fired.
private final class WatchdogFlag: Sendable {
    let value = Mutex(false)
}
