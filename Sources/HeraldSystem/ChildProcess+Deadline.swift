import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// Stops a helper (a server a test or benchmark started): SIGTERM, and SIGKILL when it is
    /// still running `seconds` later. Never throws (used in `defer`).
    public func stop(within seconds: Double = 10) {
        signal(SIGTERM)
        _ = waitKilling(after: seconds)
    }

    /// Waits for the child; a watchdog kills it (SIGKILL) `seconds` from now. The exit status and
    /// whether the watchdog had to fire. The watchdog only sends a signal, so a child that exits
    /// in time is timed exactly as by `wait()`.
    public func waitKilling(after seconds: Double) -> (status: Int32, killed: Bool) {
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
