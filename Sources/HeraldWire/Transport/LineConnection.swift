import Foundation
import Synchronization

/// A client's socket carrying newline-delimited messages in both directions (the daemon serves
/// its side with `EventLoopConnection`).
///
/// A dedicated thread reads and frames lines, handing each to `onLine` in order.
///
/// A message is written at once by the thread that sends it when the socket takes it without
/// waiting (the usual case: no thread hop); what does not fit is queued and written by a serial
/// queue, in order, so a send never blocks the caller (an engine event fanned out to a stuck
/// client cannot stall the engine). A peer that lets more than `maximumQueuedBytes` pile up
/// unread is disconnected.
///
/// ```swift
/// let connection = LineConnection(socket: socket)
/// connection.start(onLine: { item in … }, onClose: { … })
/// connection.send(Data("{\"hello\":{…}}".utf8))
/// ```
package final class LineConnection: Sendable {
    /// 1 MiB: the longest line either side accepts.
    package static let maximumLineLength = 1 << 20
    /// 8 MiB of unsent output closes the connection (a subscriber that stopped reading — a UI
    /// suspended with Ctrl-Z — is dropped instead of growing the daemon).
    package static let maximumQueuedBytes = 8 << 20

    private let socket: UnixSocket
    private let writeQueue: DispatchQueue
    private let state = Mutex(State())

    private struct State {
        /// Framed messages waiting for the write queue, oldest first.
        var queued: [Data] = []
        var queuedBytes = 0
        /// The write queue owns the output: new messages queue behind what it writes.
        var isWriting = false
        /// `closeAfterFlush`: close once the queue is written.
        var closesWhenFlushed = false
        /// `close()` ran: output is dropped.
        var isShutDown = false
        /// Closed because the peer left `maximumQueuedBytes` unread.
        var overflowed = false
        /// The reader ended; the descriptor is closed as soon as no write uses it.
        var isReaderDone = false
        var isDescriptorClosed = false

        /// Closes the descriptor when nothing can use it any more.
        mutating func closeDescriptorIfUnused(_ socket: UnixSocket) {
            guard isReaderDone, !isWriting, !isDescriptorClosed else { return }
            isDescriptorClosed = true
            socket.close()
        }
    }

    package init(socket: UnixSocket) {
        self.socket = socket
        writeQueue = DispatchQueue(label: "herald.ipc.write.\(socket.descriptor)")
    }

    /// Whether the connection was closed because its peer stopped reading.
    package var closedForOverflow: Bool { state.withLock { $0.overflowed } }

    /// Peer credentials of the underlying socket.
    package func peerCredentials() throws -> PeerCredentials { try socket.peerCredentials() }

    /// Starts the reader thread. `onLine` runs on it for every framed item, in order; `onClose`
    /// runs once when the stream ends (peer closed, error, or `close()`).
    package func start(onLine: @escaping @Sendable (LineBuffer.Item) -> Void, onClose: @escaping @Sendable () -> Void) {
        let socket = self.socket
        let thread = Thread { [self] in
            var buffer = LineBuffer(maximumLineLength: LineConnection.maximumLineLength)
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count: Int
                do {
                    count = try chunk.withUnsafeMutableBytes { try socket.read(into: $0) }
                } catch {
                    break
                }
                if count == 0 { break }
                for item in buffer.append(Data(chunk[0..<count])) { onLine(item) }
            }
            for item in buffer.finish() { onLine(item) }
            self.close()
            onClose()
            self.state.withLock { state in
                state.isReaderDone = true
                state.closeDescriptorIfUnused(socket)
            }
        }
        thread.name = "herald.ipc.read.\(socket.descriptor)"
        thread.start()
    }

    /// Sends one message; a newline is appended. Dropped silently after `close()`.
    package func send(_ message: Data) {
        var framed = message
        framed.append(0x0A)
        enum Outcome { case sent, startWriter, tooMuch, failed }
        let outcome = state.withLock { state -> Outcome in
            if state.isShutDown || state.isDescriptorClosed { return .sent }
            if state.isWriting {
                state.queued.append(framed)
                state.queuedBytes += framed.count
                return state.queuedBytes > LineConnection.maximumQueuedBytes ? .tooMuch : .sent
            }
            // Nothing is queued: write now, as much as the socket takes without waiting (under
            // the lock, so concurrent senders keep their order).
            let written: Int
            do {
                written = try framed.withUnsafeBytes { try socket.writeAvailable($0) }
            } catch {
                return .failed
            }
            guard written < framed.count else { return .sent }
            let rest = framed.subdata(in: framed.startIndex + written ..< framed.endIndex)
            state.queued.append(rest)
            state.queuedBytes += rest.count
            state.isWriting = true
            return .startWriter
        }
        switch outcome {
        case .sent: break
        case .startWriter: writeQueue.async { [self] in writeQueued() }
        case .tooMuch:
            state.withLock { $0.overflowed = true }
            close()
        case .failed: close()
        }
    }

    /// On the write queue: writes what is queued (waiting as long as the peer needs) until
    /// nothing is left, then hands writing back to the senders.
    private func writeQueued() {
        while true {
            let batch = state.withLock { state -> [Data]? in
                if state.isShutDown { state.queued.removeAll() }
                guard !state.queued.isEmpty else {
                    state.isWriting = false
                    state.closeDescriptorIfUnused(socket)
                    return nil
                }
                defer {
                    state.queued.removeAll()
                    state.queuedBytes = 0
                }
                return state.queued
            }
            guard let batch else { break }
            do {
                for message in batch { try message.withUnsafeBytes { try socket.writeAll($0) } }
            } catch {
                close()
            }
        }
        if state.withLock({ $0.closesWhenFlushed }) { close() }
    }

    /// Sends what is queued, then ends the connection.
    package func closeAfterFlush() {
        let now = state.withLock { state -> Bool in
            state.closesWhenFlushed = true
            return !state.isWriting
        }
        if now { close() }
    }

    /// Ends the connection: the reader thread wakes, reports `onClose`, and releases the socket.
    package func close() {
        state.withLock { state in
            guard !state.isShutDown, !state.isDescriptorClosed else { return }
            state.isShutDown = true
            socket.shutdown()
        }
    }
}
