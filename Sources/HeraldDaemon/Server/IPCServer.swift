import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The daemon's socket server: accepts clients on a Unix socket, checks they run as the same
/// user, speaks the newline-delimited JSON protocol (`docs/PROTOCOL.md`) and forwards every
/// request to the backend (the engine, its single owner of state).
///
/// ```swift
/// let server = IPCServer(socketPath: path, backend: engine)
/// try server.start()
/// …
/// server.stop()
/// ```
public final class IPCServer: Sendable {
    /// Tunables.
    public struct Configuration: Sendable {
        /// How long a connected app may take to answer `willPresent` / `didReceive` (the
        /// engine's delegate timeout).
        public var appCallTimeout: TimeInterval = 10
        /// The name sent in `hello`.
        public var serverName: String = "herald"
        /// The only user id allowed to connect (default: ours).
        public var allowedUserID: UInt32 = getuid()
        /// The center's clock (the `date` of `post` results).
        public var now: @Sendable () -> Date = { Date() }
        /// Where the server reports connections and protocol errors (default: nowhere).
        public var log: @Sendable (String) -> Void = { _ in }
        /// Told which user interfaces show permission prompts (they subscribe with
        /// `prompts: true`), to answer prompts while none is attached (`--prompt`). `nil`:
        /// prompts wait for a user interface however long it takes.
        public var promptAttendance: PromptAttendance?
        /// The most clients served at once; one more is refused with `tooManyConnections`.
        public var maximumConnections = 256
        /// How long a client has to say hello after connecting (then `helloTimeout`, closed).
        public var helloTimeout: TimeInterval = 10
        /// How fast one app may post (`add`, `post`, `push`); `nil` turns the limit off.
        public var postRate: RateLimit? = .defaultPosts
        public init() {}
    }

    /// The socket's path.
    public let socketPath: String
    let backend: any CenterBackend
    let configuration: Configuration
    let waiters = ResponseWaiters()
    let postQueue = AsyncSerialQueue()
    let knownApps = KnownApps()
    let dispatcher = RequestDispatcher.standard
    let postLimiter: Mutex<RateLimiter?>

    private struct State {
        var listener: UnixSocket?
        var lock: LockFile?
        var sessions: [Int: ServerSession] = [:]
        var nextSession = 0
        /// Which session connected each app last (only that one's close disconnects it).
        var appOwners: [String: Int] = [:]
        var eventObservation: EventObservation?
        var isStopped = false
    }

    private let state = Mutex(State())

    public init(socketPath: String, backend: any CenterBackend, configuration: Configuration = Configuration()) {
        self.socketPath = socketPath
        self.backend = backend
        self.configuration = configuration
        postLimiter = Mutex(configuration.postRate.map { RateLimiter($0) })
    }

    /// Throws `rateLimited` when `app` posts faster than `configuration.postRate`.
    func admitPost(from app: String) throws {
        guard let limit = configuration.postRate else { return }
        let now = configuration.now()
        guard postLimiter.withLock({ $0?.admit(app, now: now) ?? true }) else {
            throw WireError.protocolError(.rateLimited, "\(app) is posting faster than its limit of \(limit); "
                + "this notification was refused — slow down and send it again")
        }
    }

    /// The number of clients connected now.
    public var connectionCount: Int { state.withLock { $0.sessions.count } }

    /// Binds the socket (removing a stale one, refusing when another daemon answers) and starts
    /// serving on background threads. Returns once clients can connect.
    public func start() async throws {
        let address = try SocketAddress(path: socketPath)
        try SocketFiles.prepareDirectory(forSocketAt: socketPath)
        // A lock file serialises daemons starting at once, so none removes another's fresh socket.
        guard let lock = try LockFile.acquire(path: socketPath + ".lock") else {
            throw IPCError.serverAlreadyRunning(path: socketPath)
        }
        let listener: UnixSocket
        do {
            listener = try UnixSocket.listen(at: address)
        } catch {
            lock.release()
            throw error
        }
        // Observe before accepting anyone, so no event is missed.
        let observation = await backend.observeEvents { [weak self] event in self?.fanOut(event) }
        state.withLock {
            $0.listener = listener
            $0.lock = lock
            $0.eventObservation = observation
        }
        let thread = Thread { [weak self] in self?.acceptLoop(listener) }
        thread.name = "herald.ipc.accept"
        thread.start()
        configuration.log("listening on \(socketPath)")
    }

    /// Stops accepting, disconnects every client, removes the socket.
    public func stop() {
        let (listener, sessions, observation, lock) = state.withLock { state in
            state.isStopped = true
            defer {
                state.listener = nil
                state.eventObservation = nil
            }
            return (state.listener, Array(state.sessions.values), state.eventObservation, state.lock)
        }
        observation?.cancel()
        if let listener {
            unlink(socketPath)
            // Only wake the accept thread; it closes the descriptor itself, so the number cannot
            // be reused (by another server in this process) while it might still call accept.
            listener.shutdown()
        }
        for session in sessions { session.connection.close() }
        if let lock {
            unlink(socketPath + ".lock")
            lock.release()
        }
    }

    // MARK: Accepting

    private func acceptLoop(_ listener: UnixSocket) {
        defer { listener.close() }
        while true {
            let socket: UnixSocket
            do {
                socket = try listener.accept()
            } catch let error as Errno where error.rawValue == ECONNABORTED || error.rawValue == EMFILE || error.rawValue == ENFILE {
                if error.rawValue != ECONNABORTED { usleep(50_000) }
                continue
            } catch {
                break   // the listener was shut down
            }
            if state.withLock({ $0.isStopped }) {
                socket.close()
                break
            }
            admit(socket)
        }
    }

    private func admit(_ socket: UnixSocket) {
        let peer: PeerCredentials
        do {
            peer = try socket.peerCredentials()
        } catch {
            socket.close()
            return
        }
        guard peer.uid == configuration.allowedUserID else {
            configuration.log("refused a client of user id \(peer.uid) (pid \(peer.pid))")
            refuse(socket, .protocolError(.permissionDenied,
                "this herald daemon serves user id \(configuration.allowedUserID) only; you are \(peer.uid)"))
            return
        }
        let connection = LineConnection(socket: socket)
        let session = state.withLock { state -> ServerSession? in
            guard state.sessions.count < configuration.maximumConnections else { return nil }
            state.nextSession += 1
            let session = ServerSession(number: state.nextSession, connection: connection, peer: peer)
            state.sessions[session.number] = session
            return session
        }
        guard let session else {
            // Each connection costs a thread and descriptors: past the limit, a clear refusal
            // (and 400 silent clients cannot lock everyone else out for long: see helloTimeout).
            configuration.log("refused a client (pid \(peer.pid)): \(configuration.maximumConnections) connections already")
            refuse(socket, .protocolError(.tooManyConnections,
                "this herald daemon already serves \(configuration.maximumConnections) connections, its limit; try again later"))
            return
        }
        let timeout = configuration.helloTimeout
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
            guard let self, session.hello == nil, self.state.withLock({ $0.sessions[session.number] != nil }) else { return }
            self.configuration.log("\(session.label): no hello within \(timeout) s; closed")
            session.sendError(id: nil, .protocolError(.helloTimeout,
                "no hello within \(timeout) s of connecting; send {\"hello\":{\"protocol\":\(WireCoding.protocolVersion),\"role\":\"cli\"}} first"))
            session.connection.closeAfterFlush()
        }
        connection.start(onLine: { [weak self] item in
            self?.received(item, from: session)
        }, onClose: { [weak self] in
            self?.closed(session)
        })
    }

    /// Writes one error line to a client that is not admitted, and closes it.
    private func refuse(_ socket: UnixSocket, _ error: WireError) {
        if var line = try? WireCoding.encode(ErrorEnvelope(id: nil, error: error)) {
            line.append(0x0A)
            try? line.withUnsafeBytes { try socket.writeAll($0) }
        }
        socket.close()
    }

    // MARK: Lines

    private func received(_ item: LineBuffer.Item, from session: ServerSession) {
        let line: Data
        switch item {
        case .tooLong(let length, let head):
            configuration.log("\(session.label): dropped a line over \(LineConnection.maximumLineLength) bytes")
            // The reply carries the request's id when its head shows one, so the caller's wait ends.
            session.sendError(id: RequestIDScan.id(inHead: head), .protocolError(.lineTooLong,
                "the request is \(length)+ bytes, over the line limit of \(LineConnection.maximumLineLength) bytes (1 MiB); "
                + "it was discarded"))
            return
        case .line(let data):
            line = data
        }
        let parsed: ClientLine
        do {
            parsed = try ClientLine.parse(line)
        } catch {
            configuration.log("\(session.label): \(error.error.message)")
            session.sendError(id: error.id, error.error)
            return
        }
        switch parsed {
        case .hello(let hello):
            guard hello.protocolVersion == WireCoding.protocolVersion else {
                session.sendError(id: nil, .protocolError(.unsupportedProtocol,
                    "protocol \(hello.protocolVersion) is not supported; this daemon speaks protocol \(WireCoding.protocolVersion)"))
                session.connection.closeAfterFlush()
                return
            }
            session.setHello(hello)
            configuration.log("\(session.label): connected")
            session.sendHello(ServerHello(server: configuration.serverName, pid: getpid()))
        case .callReply(let callID, let result, let error):
            if !session.finishCall(callID, result: error == nil ? result : nil, error: error) {
                session.sendError(id: nil, .protocolError(.unexpectedReply, "no call \(callID) is waiting for a reply"))
            }
        case .request(let id, let method, let params):
            guard session.hello != nil else {
                session.sendError(id: id, .protocolError(.helloRequired,
                    "send {\"hello\":{\"protocol\":\(WireCoding.protocolVersion),\"role\":\"cli\"}} first"))
                return
            }
            guard let handler = dispatcher.handler(for: method) else {
                session.sendError(id: id, .protocolError(.unknownMethod,
                    "unknown method '\(method)'; known: \(dispatcher.methodNames.joined(separator: ", "))"))
                return
            }
            session.track { [self] in await handler(self, id, params, session) }
        }
    }

    /// The session's connection ended: its apps and extensions leave the engine first, then the
    /// session leaves the server (so once `connectionCount` dropped, the engine no longer
    /// reaches the apps through it).
    private func closed(_ session: ServerSession) {
        configuration.promptAttendance?.detach(interface: session.number)
        let (apps, extensions) = session.closeDown()
        let owned = state.withLock { state -> [String] in
            let owned = apps.filter { state.appOwners[$0] == session.number }.sorted()
            for app in owned { state.appOwners.removeValue(forKey: app) }
            return owned
        }
        configuration.log(session.connection.closedForOverflow
            ? "\(session.label): dropped: it left \(LineConnection.maximumQueuedBytes >> 20) MiB of events unread "
                + "(a suspended user interface?); it gets the current state when it connects again"
            : "\(session.label): disconnected")
        let backend = self.backend
        Task { [self] in
            for app in extensions { await backend.setServiceExtension(nil, bundleIdentifier: app) }
            for app in owned where state.withLock({ $0.appOwners[app] == nil }) {
                // (Unless another session connected the app meanwhile.)
                await backend.disconnect(bundleIdentifier: app)
            }
            state.withLock { _ = $0.sessions.removeValue(forKey: session.number) }
        }
    }

    // MARK: Events

    /// Runs as the backend emits each event (on the engine, for `EngineBackend`): records
    /// responses for `wait`, and queues the event line to every subscribed session without
    /// waiting for any.
    private func fanOut(_ event: CenterEvent) {
        if case .responded(let response) = event { waiters.record(response) }
        let sessions = state.withLock { Array($0.sessions.values) }.filter { $0.wants(event) }
        guard !sessions.isEmpty, let line = try? EventEnvelope(event: WireEvent(event)).line() else { return }
        for session in sessions { session.connection.send(line) }
    }

    // MARK: App ownership

    func claimApp(_ bundleIdentifier: String, for session: ServerSession) {
        session.addConnectedApp(bundleIdentifier)
        state.withLock { $0.appOwners[bundleIdentifier] = session.number }
    }

    /// Whether `session` is the last one to have connected the app.
    func releaseApp(_ bundleIdentifier: String, for session: ServerSession) -> Bool {
        session.removeConnectedApp(bundleIdentifier)
        return state.withLock { state -> Bool in
            guard state.appOwners[bundleIdentifier] == session.number else { return false }
            state.appOwners.removeValue(forKey: bundleIdentifier)
            return true
        }
    }
}
