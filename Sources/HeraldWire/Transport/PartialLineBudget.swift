import Foundation
import Synchronization

/// How many bytes of unfinished lines the clients of one server may hold together. Each client
/// holds at most one line of up to 1 MiB while it arrives; a few hundred clients that send half
/// a line and stop (slowloris) would otherwise keep hundreds of MiB. Past the budget the
/// connections whose lines began longest ago give them up (oldest first) until the rest fits:
/// a stalled sender has the oldest line, an honest one's line ends within milliseconds.
///
/// ```swift
/// let budget = PartialLineBudget(limit: 32 << 20)
/// let connection = EventLoopConnection(socket: socket, loop: loop, budget: budget)
/// ```
package final class PartialLineBudget: Sendable {
    /// The budget in bytes.
    package let limit: Int

    private struct Holder {
        weak var connection: EventLoopConnection?
        var bytes: Int
        var since: Date
    }
    private struct State {
        var holders: [ObjectIdentifier: Holder] = [:]
        var total = 0
    }
    private let state = Mutex(State())

    package init(limit: Int) { self.limit = limit }

    /// Bytes of unfinished lines held now, by every connection together.
    package var total: Int { state.withLock { $0.total } }

    /// Records that `connection` holds `bytes` of a line begun at `since` (0: none). Returns the
    /// connections that must give up their lines for the total to fit, oldest line first —
    /// possibly `connection` itself; they are no longer counted.
    package func record(_ connection: EventLoopConnection, bytes: Int, since: Date) -> [EventLoopConnection] {
        state.withLock { state in
            let key = ObjectIdentifier(connection)
            state.total -= state.holders[key]?.bytes ?? 0
            if bytes > 0 {
                state.holders[key] = Holder(connection: connection, bytes: bytes, since: since)
                state.total += bytes
            } else {
                state.holders[key] = nil
            }
            guard state.total > limit else { return [] }
            var over: [EventLoopConnection] = []
            for (key, holder) in state.holders.sorted(by: { $0.value.since < $1.value.since }) {
                guard state.total > limit else { break }
                state.holders[key] = nil
                state.total -= holder.bytes
                if let holding = holder.connection { over.append(holding) }
            }
            return over
        }
    }
}
