import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
import Synchronization

/// A connection to a Herald daemon: sends requests and matches replies by id, receives events,
/// and answers the server's calls (for apps).
///
/// Every connection of a process is served by one thread (`ClientEventLoop`, epoll, as the
/// daemon serves its side): replies and events are read there, in order. A request is written
/// at once by the caller's thread when the socket takes it; what does not fit is written by the
/// loop as the daemon reads. A task that makes many calls can run on the loop itself
/// (`Task(executorPreference: IPCClient.executor())`): a reply then resumes it where it was
/// read, without waking another thread.
///
/// ```swift
/// let client = try await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli, client: "herald badge"))
/// try await client.call(Methods.setBadge, BadgeParams(bundleIdentifier: "make", count: 3))
/// ```
public final class IPCClient: Sendable {
    public typealias CallHandler = @Sendable (_ method: String, _ line: Data) async -> Data?

    /// The server's hello.
    public let server: ServerHello
    private let connection: EventLoopConnection

    private struct State {
        var nextID: Int64 = 0
        var pending: [Int64: @Sendable (Result<EncodedPayload, any Error>) -> Void] = [:]
        var eventHandler: (@Sendable (CenterEvent) -> Void)?
        var callHandlers: [String: @Sendable (Int64, EncodedPayload) async -> Data?] = [:]
        var closeHandlers: [@Sendable () -> Void] = []
        var isClosed = false
    }

    private let state: Mutex<State>

    private init(server: ServerHello, connection: EventLoopConnection) {
        self.server = server
        self.connection = connection
        self.state = Mutex(State())
    }

    /// How long `connect` waits for the server's hello before giving up with `IPCError.noHello`.
    public static let helloTimeout: Double = 10

    /// Connects and exchanges hellos. Throws `Errno` (e.g. `ECONNREFUSED`, `ENOENT`) when no
    /// daemon answers, `IPCError.foreignServer` — before anything is sent — when the socket is
    /// served by a user other than `serverUserID` (by default this process's own), `WireError`
    /// when the daemon refuses (another user, another protocol).
    public static func connect(socketPath: String, hello: ClientHello, helloTimeout: Double = IPCClient.helloTimeout,
                               serverUserID: UInt32 = getuid()) async throws -> IPCClient {
        let socket = try UnixSocket.connectToServer(at: socketPath, serverUserID: serverUserID)
        let connection: EventLoopConnection
        do {
            try socket.setNonBlocking()
            connection = EventLoopConnection(socket: socket, loop: try ClientEventLoop.shared())
        } catch {
            socket.close()
            throw error
        }
        let box = ClientBox()
        let helloLine = try HelloEnvelope.line(hello)
        let serverHello: ServerHello = try await withCheckedThrowingContinuation { continuation in
            let once = Mutex(false)
            let waiter: @Sendable (Result<ServerHello, any Error>) -> Void = { result in
                guard once.withLock({ done in defer { done = true }; return !done }) else { return }
                continuation.resume(with: result)
            }
            box.preHello.withLock { $0.waiter = waiter }
            do {
                // A peer that leaves 8 MiB unread is dropped, as the daemon drops one.
                try connection.start(onLine: { item in box.received(item) }, onOverflow: { [connection] in connection.close() },
                                     onClose: { box.closed() })
            } catch {
                socket.close()
                waiter(.failure(error))
                return
            }
            connection.send(helloLine)
            DispatchQueue.global().asyncAfter(deadline: .now() + helloTimeout) {
                guard once.withLock({ done in defer { done = true }; return !done }) else { return }
                connection.close()
                continuation.resume(throwing: IPCError.noHello(path: socketPath, seconds: helloTimeout))
            }
        }
        let client = IPCClient(server: serverHello, connection: connection)
        box.attach(client)
        return client
    }

    /// Sends a request and awaits its reply. Errors from the center are rethrown as what they
    /// were (`UNError`, `APNsRejection`), other failures as `WireError` or `IPCError`.
    public func call<P, R>(_ method: Method<P, R>, _ params: P) async throws -> R {
        let id = state.withLock { state -> Int64 in
            state.nextID += 1
            return state.nextID
        }
        let line = try Self.requestLine(id: id, method: method, params: params)
        let payload: EncodedPayload = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let closed = state.withLock { state -> Bool in
                    if state.isClosed { return true }
                    state.pending[id] = { continuation.resume(with: $0) }
                    return false
                }
                if closed {
                    continuation.resume(throwing: IPCError.connectionClosed)
                    return
                }
                connection.send(line)
            }
        } onCancel: {
            let resume = state.withLock { $0.pending.removeValue(forKey: id) }
            resume?(.failure(CancellationError()))
        }
        do {
            return try payload.result(R.self, fast: method.fastCodec?.decodeResult)
        } catch {
            throw IPCError.malformedMessage("\(method.name) result: \(WireCoding.explain(error))")
        }
    }

    /// A request's line (without its newline); one over the daemon's line limit is refused
    /// here, at once, rather than sent to be discarded.
    static func requestLine<P, R>(id: Int64, method: Method<P, R>, params: P) throws -> Data {
        let line = try RequestEnvelope(id: id, method: method.name, params: params)
            .line(encodedParams: method.fastCodec?.encodeParams(params))
        if line.count > LineConnection.maximumLineLength {
            throw WireError.protocolError(.lineTooLong, "\(method.name): the request is \(line.count) bytes, "
                + "over the line limit of \(LineConnection.maximumLineLength) bytes (1 MiB)")
        }
        return line
    }

    /// The thread every connection's replies and events are read on, as a task executor: a task
    /// that prefers it (`Task(executorPreference:)`) is resumed there by its replies, with no
    /// hop to another thread. Its work must not block (it would hold up every connection).
    public static func executor() throws -> any TaskExecutor { try ClientEventLoop.shared() }

    /// Receives every event of a subscription (see `Methods.subscribe`), on the connections'
    /// thread (`executor()`), in order; the handler must not block.
    public func onEvent(_ handler: @escaping @Sendable (CenterEvent) -> Void) {
        state.withLock { $0.eventHandler = handler }
    }

    /// Answers the server's calls of one kind (an app's `willPresent`, …).
    public func handle<P, R>(_ call: Call<P, R>, _ body: @escaping @Sendable (P) async -> R) {
        state.withLock {
            $0.callHandlers[call.name] = { callID, payload in
                guard let params = try? payload.params(P.self) else {
                    return try? WireCoding.encode(ErrorEnvelope(id: nil, reply: callID,
                        error: .protocolError(.badParams, "\(call.name): params not understood")))
                }
                let result = await body(params)
                return try? ResultEnvelope(reply: callID, result: result).line()
            }
        }
    }

    /// Runs `handler` once when the connection ends (at once if it already has).
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let closed = state.withLock { state -> Bool in
            if !state.isClosed { state.closeHandlers.append(handler) }
            return state.isClosed
        }
        if closed { handler() }
    }

    /// Whether the connection has ended.
    public var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Ends the connection; requests in flight fail with `IPCError.connectionClosed`.
    public func close() { connection.close() }

    // MARK: Incoming

    fileprivate func received(_ line: ServerLine) {
        switch line {
        case .hello:
            break
        case .reply(let id, let result, let error):
            guard let id else { return }   // an error about a line without id: nothing waits for it
            let resume = state.withLock { $0.pending.removeValue(forKey: id) }
            if let error { resume?(.failure(error.rethrowable)) } else { resume?(.success(result)) }
        case .event(let event):
            let handler = state.withLock { $0.eventHandler }
            handler?(event.event)
        case .call(let callID, let method, let params):
            let handler = state.withLock { $0.callHandlers[method] }
            let connection = self.connection
            Task {
                let reply: Data?
                if let handler {
                    reply = await handler(callID, params)
                } else {
                    reply = try? WireCoding.encode(ErrorEnvelope(id: nil, reply: callID,
                        error: .protocolError(.unknownMethod, "this client does not handle \(method)")))
                }
                if let reply { connection.send(reply) }
            }
        }
    }

    fileprivate func closed() {
        let (pending, handlers) = state.withLock { state in
            state.isClosed = true
            defer {
                state.pending.removeAll()
                state.closeHandlers.removeAll()
            }
            return (Array(state.pending.values), state.closeHandlers)
        }
        for resume in pending { resume(.failure(IPCError.connectionClosed)) }
        for handler in handlers { handler() }
    }
}

/// Routes lines to the client, buffering what arrives between the server's hello and the
/// moment the client object exists.
private final class ClientBox: Sendable {
    struct PreHello {
        var waiter: (@Sendable (Result<ServerHello, any Error>) -> Void)?
        var client: IPCClient?
        var buffered: [ServerLine] = []
        var closedEarly = false
    }
    let preHello = Mutex(PreHello())

    func attach(_ client: IPCClient) {
        let (buffered, closed) = preHello.withLock { state -> ([ServerLine], Bool) in
            state.client = client
            defer { state.buffered.removeAll() }
            return (state.buffered, state.closedEarly)
        }
        for line in buffered { client.received(line) }
        if closed { client.closed() }
    }

    func received(_ item: LineBuffer.Item) {
        guard let line = ServerLine.parse(item, maximumLineLength: LineConnection.maximumLineLength) else { return }
        let target = preHello.withLock { state -> IPCClient? in
            if state.client == nil { state.buffered.append(line) }
            return state.client
        }
        if let target {
            target.received(line)
            return
        }
        // Before the client exists: the hello, or a refusal.
        switch line {
        case .hello(let hello):
            let waiter = preHello.withLock { state in
                defer { state.waiter = nil }
                state.buffered.removeAll { if case .hello = $0 { return true } else { return false } }
                return state.waiter
            }
            if let refusal = hello.refusal {
                waiter?(.failure(refusal))
            } else {
                waiter?(.success(hello))
            }
        case .reply(_, _, let error?):
            let waiter = preHello.withLock { state in
                defer { state.waiter = nil }
                state.buffered.removeLast()
                return state.waiter
            }
            waiter?(.failure(error))
        default:
            break
        }
    }

    func closed() {
        let (client, waiter) = preHello.withLock { state in
            state.closedEarly = true
            defer { state.waiter = nil }
            return (state.client, state.waiter)
        }
        waiter?(.failure(IPCError.connectionClosed))
        client?.closed()
    }
}

extension ServerHello {
    /// Why a client cannot talk to this server (another protocol version), or `nil`.
    var refusal: IPCError? {
        protocolVersion == WireCoding.protocolVersion ? nil : IPCError.unsupportedProtocol(protocolVersion)
    }
}
