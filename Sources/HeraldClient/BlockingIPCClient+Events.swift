import Foundation
import HeraldCore
import HeraldWire

/// Events on a blocking connection, for a process that watches the center on one thread:
/// `subscribe`, then `nextEvent()` in a loop (blocked in `read` while nothing happens), or
/// `poll` on `descriptor` beside other descriptors and call `nextEvent()` when it is readable —
/// after taking every event `hasQueuedEvent` says is ready.
///
/// ```swift
/// _ = try client.call(Methods.subscribe, SubscribeParams(bundleIdentifier: nil))
/// while true { handle(try client.nextEvent()) }   // IPCError.connectionClosed when the daemon goes
/// ```
extension BlockingIPCClient {
    /// The connection's descriptor (for `poll`).
    public var descriptor: Int32 { socket.descriptor }

    /// Whether `nextEvent()` has something to hand over without waiting for the socket (events
    /// read while a call waited, or lines read with an earlier event).
    public var hasQueuedEvent: Bool { !queuedEvents.isEmpty || !unread.isEmpty }

    /// The next event, waiting for it as long as it takes; throws `IPCError.connectionClosed`
    /// when the daemon goes. Replies to no call waiting, and lines that cannot be read, are skipped.
    public func nextEvent() throws -> CenterEvent {
        if !queuedEvents.isEmpty { return queuedEvents.removeFirst() }
        while true {
            let line = try nextLine()
            if case .event(let event)? = ServerLine.parse(line, maximumLineLength: LineConnection.maximumLineLength) {
                return event.event
            }
        }
    }
}
