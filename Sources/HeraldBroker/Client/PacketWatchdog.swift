import Dispatch
import Foundation
import Synchronization

/// Gives up on a broker connection that brings no whole packet for `timeout` seconds.
///
/// libmosquitto's keepalive alone does not while the client has something to send: a packet
/// being read counts as traffic for as long as any byte of it trickles in, and a PINGREQ (whose
/// missing answer would end the connection) goes out only after an interval with nothing sent.
/// So a broker (or anyone on the path of a plain `mqtt://` connection) that declares a 256 MB
/// PUBLISH and sends a byte of it now and then holds the connection — and every message queued
/// behind it — for as long as the daemon publishes read marks and answers. On a live connection
/// a whole packet arrives at least every keepalive interval (the broker's PINGRESP, when nothing
/// else comes), so a connection silent for several intervals is dead or stalled, and is dropped
/// to be made again (the broker then sends again what was not acknowledged).
///
/// It learns of the connection from libmosquitto's debug log, which names every packet sent or
/// received (`Client … sending CONNECT`, `Client … received PINGRESP`); the clock runs from a
/// CONNECT sent until the connection ends.
///
/// ```swift
/// let watchdog = PacketWatchdog(timeout: 120) { seconds in connection.dropStalled(after: seconds) }
/// watchdog.start()
/// watchdog.observe(debugLine: "Client herald-3f9c sending CONNECT")
/// ```
final class PacketWatchdog: Sendable {
    let timeout: TimeInterval
    private let expired: @Sendable (TimeInterval) -> Void
    /// Uptime of the last CONNECT sent or whole packet received; `nil` while not connected (or
    /// after it expired, until the next CONNECT).
    private let lastProgress = Mutex<UInt64?>(nil)
    /// A dispatch source is safe to use from any thread; the type does not say so.
    private struct Timer: @unchecked Sendable { let source: any DispatchSourceTimer }
    private let timer = Mutex<Timer?>(nil)

    init(timeout: TimeInterval, expired: @escaping @Sendable (TimeInterval) -> Void) {
        self.timeout = timeout
        self.expired = expired
    }

    /// Starts checking (a few times per `timeout`, at least once a second).
    func start() {
        let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let interval = min(1, timeout / 4)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        source.setEventHandler { [weak self] in self?.check() }
        timer.withLock { $0 = Timer(source: source) }
        source.resume()
    }

    func stop() {
        timer.withLock { timer in
            timer?.source.cancel()
            timer = nil
        }
    }

    /// Reads one of libmosquitto's debug lines.
    func observe(debugLine line: UnsafePointer<CChar>) {
        if strstr(line, " received ") != nil || strstr(line, " sending CONNECT") != nil {
            lastProgress.withLock { $0 = DispatchTime.now().uptimeNanoseconds }
        }
    }

    /// The connection ended (the clock stops until the next CONNECT).
    func connectionEnded() {
        lastProgress.withLock { $0 = nil }
    }

    private func check() {
        let now = DispatchTime.now().uptimeNanoseconds
        let silent = lastProgress.withLock { last -> TimeInterval? in
            guard let started = last, now > started else { return nil }
            let seconds = TimeInterval(now - started) / 1e9
            guard seconds > timeout else { return nil }
            last = nil
            return seconds
        }
        if let silent { expired(silent) }
    }
}
