import Foundation

/// Where the engine reads the time. Every trigger and timeout goes through a clock, so tests and
/// the simulator use a `ManualClock` and never sleep.
public protocol NotificationClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Suspends until the clock reaches `date` (at once if it already has). Throws
    /// `CancellationError` when the task is cancelled.
    func sleep(until date: Date) async throws
}
