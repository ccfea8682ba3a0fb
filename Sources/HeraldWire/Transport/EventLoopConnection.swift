import Foundation
import HeraldSystem
import Synchronization

/// The server's side of one client: a non-blocking socket served by an `EventLoop` — no thread
/// of its own, one descriptor.
///
/// Reading: when the socket is readable the loop reads what is there (at most 256 KiB a round,
/// so one busy client cannot starve the others), frames it into lines (`LineBuffer`, 1 MiB
/// limit) and hands each to `onLine`, on the loop, in order.
///
/// Writing: a message sent on the loop (a request's reply, an event emitted by the engine) waits
/// for the end of the loop's round and goes out with the round's other messages to this client
/// in one write (`EventLoop.deferFlush`); a message sent from another thread is written at once
/// by that thread when the socket takes it without waiting (no hop). What does not fit is queued
/// and written by the loop when the socket has room again. More than `maximumQueuedBytes` unread (a subscriber
/// that stopped reading — a UI suspended with Ctrl-Z) drops the queue, calls `onOverflow`
/// (which sends the reason with `sendLast`) and closes.
///
/// Unfinished lines: the line being received is `partialLine` (its size and when it began; the
/// server gives up on one that takes too long), and counts against the server's
/// `PartialLineBudget`; a connection that must give its line up (`giveUpPartialLine`) frees it
/// and calls `onIncompleteLine`. Once closing, input is read and dropped, never held.
///
/// ```swift
/// let connection = EventLoopConnection(socket: socket, loop: loop)
/// try connection.start(onLine: { item in … }, onOverflow: { … }, onClose: { … })
/// connection.send(Data("{\"hello\":{…}}".utf8))
/// ```
package final class EventLoopConnection: DeferredFlush, Sendable {
    /// 8 MiB of unsent output drops the connection.
    package static let maximumQueuedBytes = LineConnection.maximumQueuedBytes
    /// How long a connection being closed after `sendLast` waits for its peer to read.
    package static let lastWordGrace: TimeInterval = 10
    /// Unread output dropped at close from which freed memory is handed back (`FreedMemory`).
    static let trimAfterDropping = 1 << 20
    /// Bytes read from one connection per round of the loop.
    static let readsPerRound = 4

    private let socket: UnixSocket
    private let loop: EventLoop
    private let output = Mutex(Output())
    /// Framing state; touched only on the loop.
    private let input = Mutex(LineBuffer(maximumLineLength: LineConnection.maximumLineLength))
    private let handlers = Mutex(Handlers())
    /// The line being received; set on the loop.
    private let partial = Mutex<PartialLine?>(nil)
    private let budget: PartialLineBudget?

    /// A line begun and not ended: how many of its bytes are held (0 for one over the line
    /// limit, dropped as it streams in) and when its first byte came.
    package struct PartialLine: Sendable, Equatable {
        package var bytes: Int
        package var since: Date
    }

    /// Why a connection gave up the line it was receiving.
    package enum IncompleteLine: Sendable, Equatable {
        /// The server's time limit for a line passed (`giveUpPartialLine` from its sweep).
        case tooSlow(PartialLine)
        /// The clients' unfinished lines went over the server's budget, and this one's was among
        /// the oldest.
        case overBudget(PartialLine, budget: Int)
    }

    private struct Output {
        var queue = OutgoingQueue()
        /// The registration, once started.
        var token: UInt64?
        /// The loop waits for room to write.
        var wantsWritable = false
        /// The queue waits for the end of the loop's round (`flush`).
        var flushDeferred = false
        /// Close once the queue is written.
        var closesWhenFlushed = false
        /// Closing (`close()` or `sendLast`): nothing more is sent, lines read are ignored.
        var isShutDown = false
        /// `close()` was asked for.
        var isCloseRequested = false
        /// The descriptor is closed.
        var isClosed = false
        /// Dropped because the peer left `maximumQueuedBytes` unread.
        var overflowed = false
    }

    private struct Handlers {
        var onLine: (@Sendable (LineBuffer.Item) -> Void)?
        var onOverflow: (@Sendable () -> Void)?
        var onClose: (@Sendable () -> Void)?
        var onIncompleteLine: (@Sendable (IncompleteLine) -> Void)?
    }

    /// Takes over `socket`, which must be non-blocking; its unfinished lines count against
    /// `budget` when there is one.
    package init(socket: UnixSocket, loop: EventLoop, budget: PartialLineBudget? = nil) {
        self.socket = socket
        self.loop = loop
        self.budget = budget
    }

    /// The line being received, if any.
    package var partialLine: PartialLine? { partial.withLock { $0 } }

    /// Whether the connection was dropped because its peer stopped reading.
    package var closedForOverflow: Bool { output.withLock { $0.overflowed } }

    /// Whether the connection is closing (`close()` or `sendLast`): nothing more is sent.
    package var isClosing: Bool { output.withLock { $0.isShutDown } }

    /// Bytes waiting to be written.
    package var queuedBytes: Int { output.withLock { $0.queue.byteCount } }

    /// Starts serving: `onLine` runs on the loop for every framed item, in order; `onOverflow`
    /// once if the peer stops reading; `onIncompleteLine` when the line being received is given
    /// up (without it, the connection closes then); `onClose` once when the connection ends
    /// (peer closed, error, overflow or `close()`). Call on the loop.
    package func start(onLine: @escaping @Sendable (LineBuffer.Item) -> Void,
                       onOverflow: @escaping @Sendable () -> Void,
                       onIncompleteLine: (@Sendable (IncompleteLine) -> Void)? = nil,
                       onClose: @escaping @Sendable () -> Void) throws {
        handlers.withLock {
            $0 = Handlers(onLine: onLine, onOverflow: onOverflow, onClose: onClose, onIncompleteLine: onIncompleteLine)
        }
        let token = try loop.register(socket.descriptor, interest: .readable) { [weak self] event in
            self?.ready(event)
        }
        output.withLock { $0.token = token }
    }

    /// Whether the peer has sent bytes not read yet, or a line not yet whole: a stopping server
    /// waits for them, so a request on its way is answered rather than cut off.
    package var hasInputOnItsWay: Bool {
        var byte: UInt8 = 0
        let peeked = recv(socket.descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked > 0 { return true }
        return partial.withLock { $0 != nil }
    }

    // MARK: Sending

    /// Sends one message; a newline is appended. Dropped once the connection is closing.
    package func send(_ message: Data) {
        var framed = message
        framed.append(0x0A)
        sendFramed(framed)
    }

    /// Sends a line that already ends with its newline (one buffer shared by many connections).
    package func sendFramed(_ line: Data) {
        enum Outcome { case done, deferred, overflowed, failed }
        let onLoop = loop.isCurrent
        let outcome = output.withLock { output -> Outcome in
            if output.isShutDown { return .done }
            if !output.queue.isEmpty {
                guard output.queue.byteCount + line.count <= Self.maximumQueuedBytes else {
                    output.queue.removeAll()
                    output.overflowed = true
                    return .overflowed
                }
                output.queue.append(line)
                return .done
            }
            output.queue.append(line)
            if onLoop {
                // Written with the round's other output to this client (`flush`).
                output.flushDeferred = true
                return .deferred
            }
            // Nothing is queued: write now, as much as the socket takes (under the lock, so
            // concurrent senders keep their order); the loop writes the rest.
            return Self.write(&output, to: socket, loop: loop) ? .done : .failed
        }
        switch outcome {
        case .done: break
        case .deferred: loop.deferFlush(self)
        case .overflowed:
            // The dropped queue's memory goes back to the system (glibc keeps freed arenas).
            DispatchQueue.global().async { FreedMemory.release() }
            // The owner sends the reason (`sendLast`), which closes.
            if let onOverflow = handlers.withLock({ $0.onOverflow }) { onOverflow() } else { close() }
        case .failed: close()
        }
    }

    /// On the loop: writes what is queued, then `message` (a newline appended) with
    /// `descriptor` attached (`UnixSocket.sendPassing`). Throws when the connection is closing,
    /// or the socket does not take the queued output at once.
    package func sendPassing(_ descriptor: Int32, message: Data) throws {
        try output.withLock { output in
            guard !output.isShutDown else { throw Errno(EPIPE) }
            try output.queue.write { try socket.writeAvailable($0) }
            guard output.queue.isEmpty else { throw Errno(EAGAIN) }
            output.flushDeferred = false
            try socket.sendPassing(descriptor, bytes: Array(message) + [0x0A])
        }
    }

    /// On the loop, at the end of a round: writes what the round queued.
    package func flush() {
        let failed = output.withLock { output -> Bool in
            guard output.flushDeferred else { return false }
            output.flushDeferred = false
            guard !output.isClosed, !output.isCloseRequested, !output.wantsWritable else { return false }
            return !Self.write(&output, to: socket, loop: loop)
        }
        if failed { close() }
    }

    /// Writes as much of the queue as the socket takes; the loop writes the rest when there is
    /// room. Returns `false` when the socket failed.
    private static func write(_ output: inout Output, to socket: UnixSocket, loop: EventLoop) -> Bool {
        do {
            try output.queue.write { try socket.writeAvailable($0) }
        } catch {
            return false
        }
        if !output.queue.isEmpty { wantWritable(&output, socket: socket, loop: loop) }
        return true
    }

    /// Sends a last message (past the queue's limit if need be) and nothing after it, then
    /// closes once it is written or after `lastWordGrace` seconds, whichever comes first.
    package func sendLast(_ message: Data) {
        var framed = message
        framed.append(0x0A)
        let queued = output.withLock { output -> Bool in
            guard !output.isShutDown else { return false }
            output.isShutDown = true
            output.closesWhenFlushed = true
            output.queue.append(framed)
            Self.wantWritable(&output, socket: socket, loop: loop)
            return true
        }
        guard queued else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.lastWordGrace) { [weak self] in self?.close() }
    }

    /// Ends the connection: output is dropped, the descriptor is closed on the loop and
    /// `onClose` runs there.
    package func close() {
        let first = output.withLock { output -> Bool in
            guard !output.isCloseRequested else { return false }
            output.isCloseRequested = true
            output.isShutDown = true
            return true
        }
        if first { loop.execute { [self] in closeOnLoop() } }
    }

    // MARK: On the loop

    private func ready(_ event: EventPoll.Event) {
        if event.isWritable { writeQueued() }
        if event.isReadable { readAvailable() }
    }

    private func readAvailable() {
        var items: [LineBuffer.Item] = []
        var ended = false
        // Closing: what arrives is read (to see the end) and dropped, never held.
        let dropsInput = output.withLock { $0.isShutDown }
        for _ in 0..<Self.readsPerRound {
            let count: Int?
            do {
                count = try loop.withReadBuffer { try socket.readAvailable(into: $0) }
            } catch {
                count = 0   // reset by the peer: the end
            }
            guard let count else { break }
            if count == 0 {
                ended = true
                if !dropsInput { items += input.withLock { $0.finish() } }
                break
            }
            if !dropsInput {
                loop.withReadBuffer { buffer in
                    input.withLock { $0.append(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)), into: &items) }
                }
            }
            if count < 64 * 1024 { break }
        }
        if !ended && !dropsInput { notePartialLine(afterLines: !items.isEmpty) }
        if !items.isEmpty, let onLine = handlers.withLock({ $0.onLine }) {
            for item in items where !output.withLock({ $0.isShutDown }) { onLine(item) }
        }
        if ended { closeOnLoop() }
    }

    /// After a read: records the line being received (a new one when lines ended in this read)
    /// and its bytes against the budget; those the budget cannot keep give theirs up.
    private func notePartialLine(afterLines linesEnded: Bool) {
        let bytes = input.withLock { $0.partialLineBytes }
        let now = Date()
        let (previous, current) = partial.withLock { partial -> (PartialLine?, PartialLine?) in
            let previous = partial
            guard let bytes else {
                partial = nil
                return (previous, nil)
            }
            let since = linesEnded ? now : partial?.since ?? now
            partial = PartialLine(bytes: bytes, since: since)
            return (previous, partial)
        }
        // (Whole lines only, before and after: nothing to tell the budget.)
        guard let budget, previous != nil || current != nil else { return }
        let over = budget.record(self, bytes: current?.bytes ?? 0, since: current?.since ?? now)
        for connection in over {
            connection.giveUpPartialLine(.overBudget(connection.partialLine ?? PartialLine(bytes: 0, since: now),
                                                     budget: budget.limit))
        }
    }

    /// On the loop: drops the line being received (its memory freed), reads nothing more into
    /// lines, and tells the owner why (`onIncompleteLine`, which sends the reason with
    /// `sendLast`), or closes.
    package func giveUpPartialLine(_ reason: IncompleteLine) {
        dropInput()
        if let onIncompleteLine = handlers.withLock({ $0.onIncompleteLine }) {
            onIncompleteLine(reason)
        } else {
            close()
        }
    }

    /// Frees the framing state and the line being received, and its place in the budget.
    private func dropInput() {
        input.withLock { $0 = LineBuffer(maximumLineLength: LineConnection.maximumLineLength) }
        partial.withLock { $0 = nil }
        _ = budget?.record(self, bytes: 0, since: Date())
    }

    private func writeQueued() {
        let close = output.withLock { output -> Bool in
            guard !output.isClosed else { return false }
            do {
                try output.queue.write { try socket.writeAvailable($0) }
            } catch {
                output.queue.removeAll()
                return true
            }
            guard output.queue.isEmpty else { return false }
            if output.wantsWritable, let token = output.token {
                output.wantsWritable = false
                loop.modify(socket.descriptor, token: token, interest: .readable)
            }
            return output.closesWhenFlushed
        }
        if close { closeOnLoop() }
    }

    private static func wantWritable(_ output: inout Output, socket: UnixSocket, loop: EventLoop) {
        guard !output.wantsWritable, let token = output.token else { return }
        output.wantsWritable = true
        loop.modify(socket.descriptor, token: token, interest: [.readable, .writable])
    }

    private func closeOnLoop() {
        let (first, token, dropped) = output.withLock { output -> (Bool, UInt64?, Int) in
            guard !output.isClosed else { return (false, nil, 0) }
            output.isClosed = true
            output.isShutDown = true
            return (true, output.token, output.queue.removeAll())
        }
        guard first else { return }
        // A client that left with a megabyte or more unread: its queue's memory goes back too.
        if dropped >= Self.trimAfterDropping { DispatchQueue.global().async { FreedMemory.release() } }
        if let token { loop.remove(socket.descriptor, token: token) }
        socket.close()
        dropInput()
        let onClose = handlers.withLock { handlers in
            defer { handlers = Handlers() }
            return handlers.onClose
        }
        onClose?()
    }
}
