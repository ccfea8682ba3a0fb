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
/// request to the engine (its single owner of state), through the daemon's `EngineBackend`.
///
/// One thread serves every client: an `EventLoop` on epoll with non-blocking sockets, so a
/// client costs one descriptor and no thread, and a client that vanishes leaves nothing behind.
/// Requests run on the loop itself — read, handled and answered with no thread hop; what may
/// take long waits off it (history reads on the engine's reads queue, service-extension
/// commands on their own thread, calls to apps suspended). The posts (`post`, `add`, `push`)
/// of one wake-up, from however many connections, are held in one commit group and committed
/// together (`NotificationEngine.holdCommits`).
///
/// Limits (docs/RELIABILITY.md): `maximumConnections` (past it a silent or idle client makes
/// room, `RoomForNewcomer`; when every one has a request in flight the newcomer is refused with
/// `tooManyConnections`), a hello within `helloTimeout`, each line whole within `lineTimeout`
/// and all unfinished lines within `partialLineBudget` (`incompleteLine`), 8 MiB of unread
/// output per client (`queueOverflow`), a `requestDeadline` per request (`deadlineExceeded`),
/// and the per-app `postRate`.
///
/// ```swift
/// let server = IPCServer(socketPath: path, backend: EngineBackend(engine: engine, commandsFile: nil))
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
        /// The most clients served at once; past it a silent or idle client makes room for the
        /// newcomer (`RoomForNewcomer`), or, when all are busy, it is refused (`tooManyConnections`).
        public var maximumConnections = 256
        /// How long a client has to say hello after connecting (then `helloTimeout`, closed).
        public var helloTimeout: TimeInterval = 10
        /// How long a line may take to arrive whole, from its first byte (then `incompleteLine`,
        /// closed): a client that sends half a line and stops holds nothing for long.
        public var lineTimeout: TimeInterval = 10
        /// How many bytes of unfinished lines all clients may hold together (each holds at most
        /// one line, 1 MiB); past it the oldest lines are given up (`incompleteLine`, closed).
        public var partialLineBudget = 32 << 20
        /// How fast one app may post (`add`, `post`, `push`); `nil` turns the limit off.
        public var postRate: RateLimit? = .defaultPosts
        /// How long a request may run before it is answered `deadlineExceeded` and cancelled:
        /// above the 30 s a service extension may take plus an app's 10 s delegate call. `wait`
        /// (which has its own timeout) and `requestAuthorization` (a person answers) have none.
        public var requestDeadline: TimeInterval = 60
        /// Whether this daemon hands its center over when another asks (`handOver`: it was
        /// started on demand), and what it does then: called with the asker's pid once the
        /// listening socket is on its way to it; the daemon then stops as for SIGTERM. `nil`:
        /// the request is refused (`handOverRefused`).
        public var onHandOver: (@Sendable (_ asker: Int32) -> Void)?
        public init() {}
    }

    /// The socket's path.
    public let socketPath: String
    let backend: EngineBackend
    /// The center every request goes to.
    var engine: NotificationEngine { backend.engine }
    let configuration: Configuration
    let waiters = ResponseWaiters()
    let dispatcher = RequestDispatcher.standard
    /// The unfinished lines of every client, against `configuration.partialLineBudget`.
    let partialLines: PartialLineBudget
    /// History replies being put together at once (`IPCServer+History.swift`).
    let historyGate = ReplyGate(limit: IPCServer.historyRepliesAtOnce)
    /// The per-app post limit (`configuration.postRate`, on `configuration.now`), for every door
    /// of this daemon: the socket's `post`, `add` and `push` (refused `rateLimited`), and —
    /// `herald daemon` hands it to those doors — the broker's posts (held back to it) and D-Bus
    /// `Notify` (refused `LimitsExceeded`). `nil`: off.
    public let postLimiter: PostRateLimiter?

    /// How often the loop looks for hello timeouts and overdue requests.
    static let sweepInterval: TimeInterval = 1

    struct State {
        var loop: EventLoop?
        var listener: UnixSocket?
        var listenerToken: UInt64?
        /// A descriptor kept in reserve: when the process runs out, it is closed to accept (and
        /// refuse, saying why) a waiting client instead of leaving it in the backlog.
        var spare: Int32 = -1
        var lock: LockFile?
        var sessions: [Int: ServerSession] = [:]
        var nextSession = 0
        /// Which session connected each app last (only that one's close disconnects it).
        var appOwners: [String: Int] = [:]
        var eventObservation: EventObservation?
        var isStopped = false
        /// The socket file is this server's to remove when it stops (not when a supervisor
        /// passed the socket, nor once it went to the daemon taking the center over).
        var ownsSocketFile = true
        /// The pid of the daemon this one hands its center over to.
        var handingOverTo: Int32?
    }

    let state = Mutex(State())
    /// The posts of this round of the loop and whether their commits are held.
    private let commitRound = Mutex(CommitRound())

    /// Posts are held from the second of a round on (a lone post commits at once), or from the
    /// first when the previous round had several: under concurrent clients every post of a
    /// round, including those read late (`EventLoop.lateReadsPerRound`), shares one commit.
    private struct CommitRound {
        var posts = 0
        var isHeld = false
        var previousPosts = 0

        /// Counts a post; returns whether the round's commits must be held from now on.
        mutating func add() -> Bool {
            posts += 1
            guard !isHeld, posts >= 2 || previousPosts >= 2 else { return false }
            isHeld = true
            return true
        }

        /// Ends the round; returns whether its commits were held.
        mutating func end() -> Bool {
            defer {
                previousPosts = posts
                posts = 0
                isHeld = false
            }
            return isHeld
        }
    }

    public init(socketPath: String, backend: EngineBackend, configuration: Configuration = Configuration()) {
        self.socketPath = socketPath
        self.backend = backend
        self.configuration = configuration
        postLimiter = configuration.postRate.map { [now = configuration.now] in PostRateLimiter($0, now: now) }
        partialLines = PartialLineBudget(limit: configuration.partialLineBudget)
    }

    /// Throws `rateLimited` when `app` posts faster than `configuration.postRate`.
    func admitPost(from app: String) throws {
        do {
            try postLimiter?.admit(app)
        } catch {
            throw WireError.protocolError(.rateLimited, error.description)
        }
    }

    /// The event loop that serves the clients once started (the daemon's other doors join it).
    public var eventLoop: EventLoop? { state.withLock { $0.loop } }

    /// The number of clients connected now.
    public var connectionCount: Int { state.withLock { $0.sessions.count } }

    /// The tmux panes of the user interfaces attached now (those that said where they run): the
    /// daemon's tmux popups stay away from a client showing one of them.
    public var attachedInterfacePanes: [TmuxPlace] {
        state.withLock { Array($0.sessions.values) }.compactMap(\.attachedTmuxPane)
    }

    /// Binds the socket (removing a stale one, refusing when another daemon answers) and starts
    /// serving on background threads. Returns once clients can connect. `inherited`: a listening
    /// socket passed to this process (`InheritedListener`), served instead of binding one; the
    /// clients waiting in its backlog are served first.
    public func start(inherited: InheritedListener? = nil) async throws {
        let lock: LockFile?
        let listener: UnixSocket
        if let inherited {
            (lock, listener) = (nil, inherited.socket)
        } else {
            let address = try SocketAddress(path: socketPath)
            try SocketFiles.prepareDirectory(forSocketAt: socketPath)
            // A lock file serialises daemons starting at once, so none removes another's fresh socket.
            guard let acquired = try LockFile.acquire(path: socketPath + ".lock") else {
                throw IPCError.serverAlreadyRunning(path: socketPath)
            }
            do {
                listener = try UnixSocket.listen(at: address)
            } catch {
                acquired.release()
                throw error
            }
            lock = acquired
        }
        let loop: EventLoop
        do {
            try listener.setNonBlocking()
            loop = try EventLoop(name: "herald.ipc")
        } catch {
            listener.close()
            lock?.release()
            throw error
        }
        // Observe before accepting anyone, so no event is missed.
        let observation = await backend.observeEvents { [weak self] event in self?.fanOut(event) }
        state.withLock {
            $0.loop = loop
            $0.listener = listener
            $0.lock = lock
            $0.eventObservation = observation
            $0.spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
            $0.ownsSocketFile = inherited?.ownsSocketFile ?? true
        }
        let token = try loop.register(listener.descriptor, interest: .readable) { [weak self] _ in self?.acceptWaiting() }
        state.withLock { $0.listenerToken = token }
        loop.start(tickInterval: Self.sweepInterval, onTick: { [weak self] in self?.sweep(now: Date()) ?? false },
                   afterRound: { [weak self] in self?.releaseHeldCommits() })
        configuration.log(inherited.map { "listening on \(socketPath) (\($0.source))" } ?? "listening on \(socketPath)")
    }

    /// Stops accepting, disconnects every client, removes the socket.
    public func stop() {
        let (loop, listener, token, sessions, observation, lock, ownsSocketFile) = state.withLock { state in
            state.isStopped = true
            defer {
                state.listener = nil
                state.eventObservation = nil
            }
            return (state.loop, state.listener, state.listenerToken, Array(state.sessions.values), state.eventObservation,
                    state.lock, state.ownsSocketFile)
        }
        observation?.cancel()
        if listener != nil && ownsSocketFile { unlink(socketPath) }
        for session in sessions { session.connection.close() }
        if let loop {
            // On the loop, so no handler is using the descriptors while they close.
            loop.execute { [self] in
                if let listener {
                    if let token { loop.remove(listener.descriptor, token: token) }
                    listener.close()
                }
                let spare = state.withLock { state in
                    defer { state.spare = -1 }
                    return state.spare
                }
                if spare >= 0 { _ = Glibc.close(spare) }
            }
            loop.stop()
        }
        if let lock {
            unlink(socketPath + ".lock")
            lock.release()
        }
    }

    // MARK: Commit groups

    /// On the loop, after a round's work has run as far as it can: the posts it held wait for
    /// their commit, made now for all of them at once.
    private func releaseHeldCommits() {
        guard commitRound.withLock({ $0.end() }), let loop = state.withLock({ $0.loop }) else { return }
        let engine = self.engine
        Task(executorPreference: loop) { await engine.releaseCommits() }
    }

    // MARK: Lines

    func received(_ item: LineBuffer.Item, from session: ServerSession) {
        session.heard(at: Date())
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
                session.sendLastError(.protocolError(.unsupportedProtocol,
                    "protocol \(hello.protocolVersion) is not supported; this daemon speaks protocol \(WireCoding.protocolVersion)"))
                return
            }
            session.setHello(hello)
            // A one-shot command's connection (`herald post` in a script's loop) is not worth two
            // log lines each time; what goes wrong on it still is.
            if hello.role != .cli { configuration.log("\(session.label): connected") }
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
            guard let entry = dispatcher.entry(for: method) else {
                session.sendError(id: id, .protocolError(.unknownMethod,
                    "unknown method '\(method)'; known: \(dispatcher.methodNames.joined(separator: ", "))"))
                return
            }
            let deadline = entry.hasDeadline ? Date().addingTimeInterval(configuration.requestDeadline) : nil
            guard let loop = state.withLock({ $0.loop }) else { return }
            // The round's posts share one commit group (released in `releaseHeldCommits`). The
            // lines of one read are all handed over before any runs, so holding at the second
            // still covers the first; posts read late join a hold taken at the first.
            if entry.addsNotification, commitRound.withLock({ $0.add() }) {
                engine.holdCommits()
            }
            session.track(id: id, method: method, deadline: deadline, on: loop) { [self] in
                await entry.handler(self, id, params, session)
            }
        }
    }

    /// The session's connection ended: its apps and extensions leave the engine first, then the
    /// session leaves the server (so once `connectionCount` dropped, the engine no longer
    /// reaches the apps through it).
    func closed(_ session: ServerSession) {
        configuration.promptAttendance?.detach(interface: session.number)
        let (apps, extensions) = session.closeDown()
        let owned = state.withLock { state -> [String] in
            let owned = apps.filter { state.appOwners[$0] == session.number }.sorted()
            for app in owned { state.appOwners.removeValue(forKey: app) }
            return owned
        }
        if !session.connection.closedForOverflow && session.hello?.role != .cli {
            configuration.log("\(session.label): disconnected")
        }
        guard !extensions.isEmpty || !owned.isEmpty else {
            state.withLock { _ = $0.sessions.removeValue(forKey: session.number) }   // nothing to undo first
            return
        }
        let backend = self.backend
        Task { [self] in
            for app in extensions { await backend.setServiceExtension(nil, bundleIdentifier: app) }
            for app in owned where state.withLock({ $0.appOwners[app] == nil }) {
                // (Unless another session connected the app meanwhile.)
                await backend.engine.disconnect(bundleIdentifier: app)
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
        guard !sessions.isEmpty, var line = try? EventEnvelope(event: WireEvent(event)).line() else { return }
        line.append(0x0A)
        // One buffer for every subscriber (a stuck one queues a reference, not a copy).
        for session in sessions { session.connection.sendFramed(line) }
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
