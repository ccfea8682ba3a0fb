import Foundation
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#endif

/// Handing the center over to another daemon (`handOver`): a daemon started on demand gives way
/// to a `herald daemon` started by hand or by a supervisor. The listening socket itself is
/// passed along with the reply, so it never closes: clients connecting meanwhile wait in its
/// backlog for the new daemon, which serves them once the old one has finished its requests,
/// committed and released the center's lock. Docs: docs/RELIABILITY.md ("Handing over").
extension IPCServer {
    /// The `handOver` request of `session` (on the loop): refused unless this daemon hands over
    /// (`Configuration.onHandOver`); else the listener leaves the loop (this daemon accepts no
    /// one more) and goes to the asker with the reply, and `onHandOver` starts the stop.
    func handOver(requestID: Int64, to session: ServerSession) {
        guard let onHandOver = configuration.onHandOver else {
            session.sendError(id: requestID, .protocolError(.handOverRefused,
                "this herald daemon (pid \(getpid())) was started by hand or by a supervisor, not on demand: it does not "
                + "hand its center over; stop it first (kill \(getpid()))"))
            return
        }
        let taken = state.withLock { state -> (loop: EventLoop, listener: UnixSocket, token: UInt64?)? in
            guard !state.isStopped, state.handingOverTo == nil, let loop = state.loop, let listener = state.listener else {
                return nil
            }
            state.handingOverTo = session.peer.pid
            defer { state.listenerToken = nil }
            return (loop, listener, state.listenerToken)
        }
        guard let taken else {
            session.sendError(id: requestID, .protocolError(.handOverRefused,
                "this herald daemon is stopping or handing its center over already"))
            return
        }
        if let token = taken.token { taken.loop.remove(taken.listener.descriptor, token: token) }
        do {
            let reply = try ResultEnvelope(id: requestID, result: HandOverResult(pid: getpid())).line()
            try session.connection.sendPassing(taken.listener.descriptor, message: reply)
        } catch {
            // Not passed: this daemon serves on (its listener back in the loop).
            configuration.log("could not hand the center over to pid \(session.peer.pid): \(error)")
            let token = try? taken.loop.register(taken.listener.descriptor, interest: .readable) { [weak self] _ in
                self?.acceptWaiting()
            }
            state.withLock {
                $0.handingOverTo = nil
                $0.listenerToken = token
            }
            session.sendError(id: requestID, WireError(error))
            return
        }
        // The socket file is the new daemon's now.
        state.withLock { $0.ownsSocketFile = false }
        configuration.log("handing the center over to pid \(session.peer.pid); accepting no new connection")
        onHandOver(session.peer.pid)
    }

    /// Leaves the socket file in place when this server stops: it belongs to the daemon taking
    /// the center over (whose supervisor bound the path anew).
    public func leaveSocketFile() {
        state.withLock { $0.ownsSocketFile = false }
    }

    /// Waits (at most `timeout` seconds) until no connection has a request running — `wait` and
    /// `requestAuthorization`, which wait for people, aside — nor a request on its way (bytes
    /// not read yet, a line not whole, a client connected in the last second that has not said
    /// hello), so what clients sent before the stop is answered before the connections close.
    public func finishRequests(timeout: TimeInterval) async {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, hasWorkOnItsWay(now: Date()) {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    private func hasWorkOnItsWay(now: Date) -> Bool {
        let sessions = state.withLock { Array($0.sessions.values) }
        return sessions.contains { session in
            session.hasRequestsRunning || session.connection.hasInputOnItsWay
                || (session.hello == nil && now.timeIntervalSince(session.connectedAt) < 1)
        }
    }
}
