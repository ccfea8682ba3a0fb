import Foundation

/// The wall clock, for the daemon.
///
/// `sleep(until:)` sleeps in slices of at most a minute and re-reads the wall clock after each,
/// so a clock change or a suspended machine does not make a notification late.
///
/// ```swift
/// let engine = try NotificationEngine(store: store, clock: SystemClock(), …)
/// ```
public struct SystemClock: NotificationClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(until date: Date) async throws {
        while true {
            let remaining = date.timeIntervalSinceNow
            if remaining <= 0 {
                try Task.checkCancellation()
                return
            }
            let slice = min(remaining, 60)
            try await Task.sleep(nanoseconds: Seconds.nanoseconds(slice))
        }
    }
}
