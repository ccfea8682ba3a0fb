import Dispatch
import Foundation
import Synchronization

/// Turns signals (SIGINT, SIGTERM, SIGHUP …) into a call instead of their default action, so a
/// program can quit in order (the UI restores the terminal, the daemon removes its socket). A
/// second signal of the same watcher while the first is being handled calls `onRepeat` (which
/// should clean up what cannot wait) and exits at once with status 128 + the signal.
///
/// ```swift
/// let signals = SignalWatcher(signals: [SIGINT, SIGTERM], onRepeat: { restoreTerminal() }) { _ in stop.set() }
/// defer { signals.cancel() }
/// ```
public final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// Starts watching `signals`; `handler` runs on a private serial queue with the signal's number.
    public init(signals: [Int32], onRepeat: @escaping @Sendable () -> Void = {},
                handler: @escaping @Sendable (_ signal: Int32) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "herald.signals")
        let count = Counter()
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if count.increment() > 1 {
                    onRepeat()
                    exit(128 + number)
                }
                handler(number)
            }
            source.resume()
            return source
        }
    }

    /// Stops watching; the signals get their default actions back.
    public func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    /// Suspends until one of `signals` arrives and returns its number; the signals get their
    /// default actions back afterwards.
    ///
    /// ```swift
    /// let number = await SignalWatcher.firstSignal(of: [SIGINT, SIGTERM])
    /// ```
    public static func firstSignal(of signals: [Int32]) async -> Int32 {
        var watcher: SignalWatcher?
        let number = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            watcher = SignalWatcher(signals: signals) { number in continuation.resume(returning: number) }
        }
        watcher?.cancel()
        return number
    }

    /// Signals seen so far (taken on the watcher's serial queue).
    private final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() -> Int { value.withLock { $0 += 1; return $0 } }
    }
}
