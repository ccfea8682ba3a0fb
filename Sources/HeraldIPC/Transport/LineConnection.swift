import Foundation
import Synchronization

/// One socket carrying newline-delimited messages in both directions.
///
/// A dedicated thread reads and frames lines, handing each to `onLine` in order; writes go
/// through a serial queue, so they never interleave and never block the caller (an engine event
/// fanned out to a stuck client cannot stall the engine). A peer that lets more than
/// `maximumQueuedBytes` pile up unread is disconnected.
///
/// ```swift
/// let connection = LineConnection(socket: socket)
/// connection.start(onLine: { item in … }, onClose: { … })
/// connection.send(Data("{\"hello\":{…}}".utf8))
/// ```
final class LineConnection: Sendable {
    /// 1 MiB: the longest line either side accepts.
    static let maximumLineLength = 1 << 20
    /// 64 MiB of unsent output closes the connection.
    static let maximumQueuedBytes = 64 << 20

    private let socket: UnixSocket
    private let writeQueue: DispatchQueue
    private let state = Mutex(State())

    private struct State {
        var queuedBytes = 0
        var isClosed = false
        var isShutDown = false
    }

    init(socket: UnixSocket) {
        self.socket = socket
        writeQueue = DispatchQueue(label: "herald.ipc.write.\(socket.descriptor)")
    }

    /// Peer credentials of the underlying socket.
    func peerCredentials() throws -> PeerCredentials { try socket.peerCredentials() }

    /// Starts the reader thread. `onLine` runs on it for every framed item, in order; `onClose`
    /// runs once when the stream ends (peer closed, error, or `close()`).
    func start(onLine: @escaping @Sendable (LineBuffer.Item) -> Void, onClose: @escaping @Sendable () -> Void) {
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
            self.writeQueue.async {
                self.state.withLock { $0.isClosed = true }
                socket.close()
            }
        }
        thread.name = "herald.ipc.read.\(socket.descriptor)"
        thread.start()
    }

    /// Queues one message; a newline is appended. Dropped silently after `close()`.
    func send(_ message: Data) {
        var framed = message
        framed.append(0x0A)
        let line = framed
        let size = line.count
        let tooMuch = state.withLock { state -> Bool? in
            if state.isShutDown { return nil }
            state.queuedBytes += size
            return state.queuedBytes > LineConnection.maximumQueuedBytes
        }
        guard let tooMuch else { return }
        if tooMuch {
            close()
            return
        }
        writeQueue.async { [self] in
            let closed = state.withLock { state -> Bool in
                state.queuedBytes -= size
                return state.isClosed || state.isShutDown
            }
            guard !closed else { return }
            do {
                try line.withUnsafeBytes { try socket.writeAll($0) }
            } catch {
                close()
            }
        }
    }

    /// Sends what is queued, then ends the connection.
    func closeAfterFlush() {
        writeQueue.async { [self] in close() }
    }

    /// Ends the connection: the reader thread wakes, reports `onClose`, and releases the socket.
    func close() {
        let first = state.withLock { state -> Bool in
            defer { state.isShutDown = true }
            return !state.isShutDown
        }
        if first { socket.shutdown() }
    }
}
