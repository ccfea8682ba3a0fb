import Foundation
import HeraldWire

/// The server's limits in time and memory, checked on the loop: the hello timeout, request
/// deadlines, the time a line may take to arrive, and what happens to a client that stopped
/// reading or sending.
extension IPCServer {
    /// On the loop, every `sweepInterval`: closes clients that did not say hello in time, gives
    /// up lines that did not arrive whole in time, and answers requests that ran past their
    /// deadline. Returns whether anything is left to watch (a client without hello, a request
    /// with a deadline, a line on its way); if not, the loop sleeps until the next event instead
    /// of waking every second.
    func sweep(now: Date) -> Bool {
        var watching = false
        let helloTimeout = configuration.helloTimeout
        for session in state.withLock({ Array($0.sessions.values) }) {
            if session.hello == nil, now.timeIntervalSince(session.connectedAt) >= helloTimeout, !session.connection.isClosing {
                configuration.log("\(session.label): no hello within \(helloTimeout) s; closed")
                session.sendLastError(.protocolError(.helloTimeout,
                    "no hello within \(helloTimeout) s of connecting; send {\"hello\":{\"protocol\":\(WireCoding.protocolVersion),\"role\":\"cli\"}} first"))
            }
            if let line = session.connection.partialLine, !session.connection.isClosing {
                if now.timeIntervalSince(line.since) >= configuration.lineTimeout {
                    session.connection.giveUpPartialLine(.tooSlow(line))
                } else {
                    watching = true
                }
            }
            for overdue in session.abandonOverdueRequests(now: now) {
                configuration.log("\(session.label): \(overdue.method) (id \(overdue.id)) passed its deadline")
                session.sendDeadlineError(id: overdue.id, .protocolError(.deadlineExceeded,
                    "\(overdue.method) did not finish within its deadline of \(configuration.requestDeadline.formatted()) s; "
                    + "it was abandoned"))
            }
            if session.isWatched { watching = true }
        }
        return watching
    }

    /// A subscriber left 8 MiB unread: it is told why and dropped.
    func overflowed(_ session: ServerSession) {
        configuration.log("\(session.label): dropped: it left \(EventLoopConnection.maximumQueuedBytes >> 20) MiB of events unread "
            + "(a suspended user interface?); it gets the current state when it connects again")
        session.sendLastError(.protocolError(.queueOverflow,
            "dropped: this client left \(EventLoopConnection.maximumQueuedBytes >> 20) MiB of events unread, its limit; "
            + "connect again for the current state"))
    }

    /// The line a client was sending was given up (its bytes already freed): it is told why and
    /// closed. A client that sends half a line and stops holds neither memory nor a connection.
    func gaveUpLine(_ reason: EventLoopConnection.IncompleteLine, of session: ServerSession) {
        let advice = "send each request as one line ending in a newline, all at once"
        let message: String
        switch reason {
        case .tooSlow(let line):
            message = "closed: a line (\(line.bytes) bytes so far) did not end within \(configuration.lineTimeout.formatted()) s "
                + "of its first byte, the limit; \(advice)"
        case .overBudget(let line, let budget):
            message = "closed: this herald daemon's clients held \(budget >> 20) MiB of unfinished lines, its limit, and "
                + "this connection's (\(line.bytes) bytes, begun \(Int(Date().timeIntervalSince(line.since).rounded())) s "
                + "ago) was among the oldest; \(advice)"
        }
        configuration.log("\(session.label): \(message)")
        session.sendLastError(.protocolError(.incompleteLine, message))
    }
}
