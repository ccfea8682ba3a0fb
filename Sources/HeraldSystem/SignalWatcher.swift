import Dispatch
import Foundation
import Synchronization

/// Turns signals (SIGINT, SIGTERM, SIGHUP …) into a call instead of their default action, so a
/// program can quit in order (the UI restores the terminal, the daemon removes its socket). A
/// second signal of the same watcher while the first is being handled calls `onRepeat` (which
/// should clean up what cannot wait) and exits at once with status 128 + the signal.
///
/// A signal is never lost once the initialiser returns: a C handler, installed before it returns,
/// writes each signal's number into the process's signal pipe (`SignalPipe`), which keeps it
/// until the watcher's queue reads it, in whichever thread the kernel delivered the signal.
///
/// ```swift
/// let signals = SignalWatcher(signals: [SIGINT, SIGTERM], onRepeat: { restoreTerminal() }) { _ in stop.set() }
/// defer { signals.cancel() }
/// ```
public final class SignalWatcher: Sendable {
    private let signals: [Int32]
    private let route: SignalPipe.Route

    /// Starts watching `signals`; `handler` runs on the signal pipe's serial queue with the signal's number.
    public init(signals: [Int32], onRepeat: @escaping @Sendable () -> Void = {},
                handler: @escaping @Sendable (_ signal: Int32) -> Void) {
        self.signals = signals
        let count = Mutex(0)
        route = SignalPipe.shared.add(signals: signals) { number in
            if count.withLock({ $0 += 1; return $0 }) > 1 {
                onRepeat()
                exit(128 + number)
            }
            handler(number)
        }
    }

    /// Stops watching; the signals get their default actions back (unless another watcher
    /// still watches them).
    public func cancel() {
        SignalPipe.shared.remove(route, signals: signals)
    }

    /// Suspends until one of `signals` arrives and returns its number; the signals get their
    /// default actions back afterwards.
    ///
    /// ```swift
    /// let number = await SignalWatcher.firstSignal(of: [SIGINT, SIGTERM])
    /// ```
    public static func firstSignal(of signals: [Int32]) async -> Int32 {
        let watcher = Mutex<SignalWatcher?>(nil)
        let number = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let resumed = Mutex(false)
            let made = SignalWatcher(signals: signals) { number in
                if resumed.withLock({ let first = !$0; $0 = true; return first }) { continuation.resume(returning: number) }
            }
            watcher.withLock { $0 = made }
        }
        watcher.withLock { $0?.cancel() }
        return number
    }
}
