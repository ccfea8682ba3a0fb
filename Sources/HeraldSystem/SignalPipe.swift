import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The process's one signal pipe behind `SignalWatcher`: a C signal handler writes each watched
/// signal's number into a pipe (async-signal-safe, and the pipe keeps it however late the reader
/// is), and a read source on a serial queue hands it to the watchers of that signal.
///
/// This replaces libdispatch's signal sources, which on Linux catch a signal only in the thread
/// that registered them: with the signal ignored everywhere else, a signal the kernel gave to
/// another thread — or one sent before the registration finished — was dropped.
final class SignalPipe: Sendable {
    /// A watcher's entry: its handler, called on the pipe's queue with the signal's number.
    final class Route: Sendable {
        let deliver: @Sendable (Int32) -> Void
        init(deliver: @escaping @Sendable (Int32) -> Void) { self.deliver = deliver }
    }

    /// The pipe of this process (made when the first watcher is).
    static let shared = SignalPipe()

    private let readEnd: Int32
    private let routes = Mutex<[Int32: [Route]]>([:])
    /// Set once in `init` and only kept alive after it (libdispatch's source is not `Sendable`).
    nonisolated(unsafe) private let source: any DispatchSourceRead

    private init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { fatalError("herald: cannot make the signal pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        signalPipeWriteEnd.store(ends[1], ordering: .releasing)
        source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: DispatchQueue(label: "herald.signals"))
        source.setEventHandler { [unowned self] in drain() }
        source.resume()
    }

    /// Installs the handler for `signals` (before returning) and routes them to `deliver`.
    func add(signals: [Int32], deliver: @escaping @Sendable (Int32) -> Void) -> Route {
        let route = Route(deliver: deliver)
        routes.withLock { table in
            for number in signals {
                table[number, default: []].append(route)
                var action = sigaction()
                action.__sigaction_handler.sa_handler = forwardSignal
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                sigaction(number, &action, nil)
            }
        }
        return route
    }

    /// Stops routing `signals` to `route`; a signal nobody watches any more gets its default action.
    func remove(_ route: Route, signals: [Int32]) {
        routes.withLock { table in
            for number in signals {
                table[number]?.removeAll { $0 === route }
                if table[number]?.isEmpty ?? true {
                    table[number] = nil
                    signal(number, SIG_DFL)
                }
            }
        }
    }

    /// Reads every number waiting in the pipe and calls their watchers, in arrival order.
    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            guard count > 0 else { return }
            for byte in bytes.prefix(count) {
                let number = Int32(byte)
                for route in routes.withLock({ $0[number] ?? [] }) { route.deliver(number) }
            }
        }
    }
}

/// The pipe's write end, read by the signal handler (an atomic: no lock in a signal handler).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The C signal handler: writes the signal's number into the pipe, keeping `errno`.
private func forwardSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .acquiring), &byte, 1)
    errno = saved
}
