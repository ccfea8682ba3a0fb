import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM/SIGHUP into a call (the UI loop then quits and restores the terminal),
/// instead of the default action that would leave the terminal in raw mode. A second signal of
/// the same kind while the first is being handled restores the terminal and exits at once.
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "herald.signals")
        let count = Counter()
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if count.increment() > 1 {
                    CursesRestore.now()
                    exit(128 + number)
                }
                handler()
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    private final class Counter: @unchecked Sendable {
        // Only touched on the watcher's serial queue.
        private var value = 0
        func increment() -> Int { value += 1; return value }
    }
}
