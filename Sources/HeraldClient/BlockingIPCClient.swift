import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A connection for a process that makes a few calls in a row and waits for each answer — the
/// `herald post` command line: everything happens on the calling thread, with blocking reads.
/// No reader thread, no Dispatch queue, no task.
///
/// The hello goes out in the same write as the first request (the daemon reads a connection's
/// lines in order, so the request finds the hello done; docs/PROTOCOL.md), and the server's
/// hello is checked when it comes back, before that request's reply: one round trip instead of
/// two. Server calls are not for this client and are skipped (a `cli` client is never called).
/// After `subscribe`, events are read one at a time with `nextEvent()` (those that arrive while a
/// call waits for its reply are kept for it, in order): a watcher that blocks in one `read` and
/// never wakes while nothing happens (`herald status --watch`). For a connection shared by tasks
/// use `IPCClient`.
///
/// ```swift
/// let client = try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli, client: "herald post"))
/// defer { client.close() }
/// let posted = try client.call(Methods.post, params)
/// ```
public final class BlockingIPCClient {
    /// The server's hello, once the first call has brought it.
    public private(set) var server: ServerHello?
    let socket: UnixSocket
    private let socketPath: String
    private let helloTimeout: Double
    /// The client's hello line, until the first call sends it.
    private var helloLine: Data?
    private var nextID: Int64 = 0
    private var framing = LineBuffer(maximumLineLength: LineConnection.maximumLineLength)
    /// Lines read but not handled yet, oldest first.
    var unread: [LineBuffer.Item] = []
    /// Events read while a call waited for its reply, oldest first (`nextEvent` takes them).
    var queuedEvents: [CenterEvent] = []
    /// Where reads land: allocated, never cleared (a zero-filled 64 KiB would cost a short-lived
    /// `herald post` sixteen page faults it does not need; a read touches only what it fills).
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    /// Connects (nothing is sent yet). Throws `Errno` (e.g. `ECONNREFUSED`, `ENOENT`) when no
    /// daemon listens, `IPCError.foreignServer` when another user than `serverUserID` (by
    /// default this process's own) serves the socket. Until the server's hello arrives, a read
    /// waits at most `helloTimeout` seconds (then `IPCError.noHello`, as `IPCClient.connect`).
    public init(socketPath: String, hello: ClientHello, helloTimeout: Double = IPCClient.helloTimeout,
                serverUserID: UInt32 = getuid()) throws {
        let line = try HelloEnvelope.line(hello)
        socket = try UnixSocket.connectToServer(at: socketPath, serverUserID: serverUserID)
        self.socketPath = socketPath
        self.helloTimeout = helloTimeout
        helloLine = line
        setReceiveTimeout(seconds: helloTimeout)
    }

    deinit {
        socket.close()
        chunk.deallocate()
    }

    /// Sends a request and waits for its reply. Errors from the center are rethrown as what
    /// they were (`UNError`, `APNsRejection`), other failures as `WireError` or `IPCError`.
    public func call<P, R>(_ method: Method<P, R>, _ params: P) throws -> R {
        nextID += 1
        let id = nextID
        var output = Data()
        if let helloLine {
            output.append(helloLine)
            output.append(0x0A)
            self.helloLine = nil
        }
        output.append(try IPCClient.requestLine(id: id, method: method, params: params))
        output.append(0x0A)
        do {
            try output.withUnsafeBytes { try socket.writeAll($0) }
        } catch let error as Errno where error.rawValue == EPIPE || error.rawValue == ECONNRESET {
            throw IPCError.connectionClosed
        }
        let payload = try reply(to: id)
        do {
            return try payload.result(R.self, fast: method.fastCodec?.decodeResult)
        } catch {
            throw IPCError.malformedMessage("\(method.name) result: \(WireCoding.explain(error))")
        }
    }

    /// Ends the connection.
    public func close() { socket.shutdown() }

    // MARK: Reading

    /// Reads until the reply to `id` arrives (checking the server's hello on the way).
    private func reply(to id: Int64) throws -> EncodedPayload {
        while true {
            // (As IPCClient: unreadable lines are skipped; one too long to read is its request's error.)
            guard let parsed = ServerLine.parse(try nextLine(), maximumLineLength: LineConnection.maximumLineLength) else {
                continue
            }
            switch parsed {
            case .hello(let hello):
                if let refusal = hello.refusal { throw refusal }
                server = hello
                // The hello came: from now on a read waits as long as the call takes.
                setReceiveTimeout(seconds: 0)
            case .reply(let replyID, let result, let error):
                if server == nil, let error { throw error }   // refused before the hello
                guard replyID == id else { continue }
                if let error { throw error.rethrowable }
                return result
            case .event(let event):
                queuedEvents.append(event.event)
            case .call:
                continue
            }
        }
    }

    /// The next line from the server (or a line's report of being too long); throws
    /// `IPCError.connectionClosed` at the end of the stream.
    func nextLine() throws -> LineBuffer.Item {
        while unread.isEmpty {
            let count: Int
            do {
                count = try socket.read(into: chunk)
            } catch let error as Errno where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
                throw IPCError.noHello(path: socketPath, seconds: helloTimeout)
            } catch {
                throw IPCError.connectionClosed
            }
            if count == 0 {
                unread += framing.finish()
            } else {
                // Framed straight from the read buffer: no copy of the chunk, no array per read.
                framing.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), into: &unread)
            }
            if count == 0 && unread.isEmpty { throw IPCError.connectionClosed }
        }
        return unread.removeFirst()
    }

    /// `SO_RCVTIMEO`: a blocking read gives up after `seconds` (0: never).
    private func setReceiveTimeout(seconds: Double) {
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
}
