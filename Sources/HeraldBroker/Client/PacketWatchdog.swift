import Dispatch
import Foundation
import HeraldSystem
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
/// CONNECT sent until the connection ends. It checks on the connection's loop, with a timer.
///
/// ```swift
/// let watchdog = PacketWatchdog(timeout: 120, loop: loop) { seconds in connection.dropStalled(after: seconds) }
/// watchdog.start()
/// watchdog.observe(debugLine: "Client herald-3f9c sending CONNECT")
/// ```
final class PacketWatchdog: Sendable {
    let timeout: TimeInterval
    /// The loop whose timer checks (the connection's).
    private let loop: EventLoop
    private let expired: @Sendable (TimeInterval) -> Void

    private struct State {
        /// Uptime of the last CONNECT sent or whole packet received; `nil` while not connected
        /// (or after it expired, until the next CONNECT).
        var lastProgress: UInt64?
        /// The loop timer of the next check, while it runs.
        var timer: UInt64?
        var isRunning = false
    }

    private let state = Mutex(State())

    init(timeout: TimeInterval, loop: EventLoop, expired: @escaping @Sendable (TimeInterval) -> Void) {
        self.timeout = timeout
        self.loop = loop
        self.expired = expired
    }

    /// Starts checking: on the loop, when the connection would have been silent for `timeout`
    /// (so a live connection costs one wake-up per `timeout`, not one a second).
    func start() {
        state.withLock { $0.isRunning = true }
        check(after: timeout)
    }

    func stop() {
        let timer = state.withLock { state -> UInt64? in
            state.isRunning = false
            defer { state.timer = nil }
            return state.timer
        }
        if let timer { loop.cancelTimer(timer) }
    }

    /// Reads one of libmosquitto's debug lines (from any thread).
    func observe(debugLine line: UnsafePointer<CChar>) {
        if strstr(line, " received ") != nil || strstr(line, " sending CONNECT") != nil {
            state.withLock { $0.lastProgress = DispatchTime.now().uptimeNanoseconds }
        }
    }

    /// The connection ended (the clock stops until the next CONNECT).
    func connectionEnded() {
        state.withLock { $0.lastProgress = nil }
    }

    private func check(after seconds: TimeInterval) {
        let timer = loop.addTimer(after: seconds) { [weak self] in self?.check() }
        let kept = state.withLock { state -> Bool in
            guard state.isRunning else { return false }
            state.timer = timer
            return true
        }
        if !kept { loop.cancelTimer(timer) }
    }

    /// On the loop: gives up on a connection silent for longer than `timeout`; else looks again
    /// when it would be.
    private func check() {
        let now = DispatchTime.now().uptimeNanoseconds
        let (silent, next) = state.withLock { state -> (TimeInterval?, TimeInterval?) in
            state.timer = nil
            guard state.isRunning else { return (nil, nil) }
            guard let started = state.lastProgress else { return (nil, timeout) }
            let seconds = now > started ? TimeInterval(now - started) / 1e9 : 0
            guard seconds > timeout else { return (nil, max(0.01, timeout - seconds + 0.01)) }
            state.lastProgress = nil
            return (seconds, timeout)
        }
        if let silent { expired(silent) }
        if let next { check(after: next) }
    }
}
