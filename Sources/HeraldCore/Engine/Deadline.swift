import Dispatch
import Foundation

/// Runs `operation`, answering `fallback` if it has not finished by `deadline` on `clock` (or after
/// `seconds` of real time when `clock` is nil). The operation keeps running in the background
/// when it is late; its answer is then ignored.
///
/// The operation starts at once on the calling thread (`Task.immediate`): one that answers
/// without suspending — an in-process delegate that decides straight away — has answered when
/// the task is created, and costs no thread switch, no timer and no wait. Time it spent before
/// its first suspension counts against the limit like any other.
func withDeadline<T: Sendable>(clock: (any NotificationClock)?, deadline: Date, seconds: TimeInterval,
                               fallback: T, _ operation: @escaping @Sendable () async -> T) async -> T {
    let latch = Latch<T>()
    let started = DispatchTime.now().uptimeNanoseconds
    let work = Task.immediate { latch.offer(await operation()) }
    guard let clock else {
        let elapsed = TimeInterval(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
        if let answered = latch.offered { return elapsed < seconds ? answered : fallback }
        // Real time: one shared timer for every caller rather than a sleeping task each.
        let deadline = RealTimeDeadlines.shared.add(after: seconds - elapsed) { latch.offer(fallback) }
        let value = await latch.wait() ?? fallback
        RealTimeDeadlines.shared.cancel(deadline)
        _ = work
        return value
    }
    if let answered = latch.offered { return clock.now() < deadline ? answered : fallback }
    let timer = Task {
        do {
            try await clock.sleep(until: deadline)
            latch.offer(fallback)
        } catch {}
    }
    let value = await latch.wait() ?? fallback
    timer.cancel()
    _ = work
    return value
}
