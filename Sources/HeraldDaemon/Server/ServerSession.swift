import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
import Synchronization

/// One connected client, on the server side: its hello, its event subscription, the calls the
/// server has made to it (an app's `willPresent`, `didReceive`, …) and the requests in flight.
final class ServerSession: Sendable {
    /// Unique per server run (for logs and app ownership).
    let number: Int
    let connection: EventLoopConnection
    let peer: PeerCredentials
    /// When the client connected (for the hello timeout, and to pick who makes room at the limit).
    let connectedAt: Date

    private struct State {
        var hello: ClientHello?
        /// `nil`: not subscribed. `.some(nil)`: every app. `.some(id)`: one app.
        var subscription: String??
        /// Whether it shows permission prompts (gets prompt events).
        var showsPrompts = false
        /// The tmux pane a user interface said it runs in (`subscribe`'s `tmuxPane`).
        var tmuxPane: TmuxPlace?
        var nextCallID: Int64 = 0
        var pendingCalls: [Int64: @Sendable (EncodedPayload?, WireError?) -> Void] = [:]
        var requests: [Int64: InFlight] = [:]
        var nextRequestKey: Int64 = 0
        /// How many requests in flight were answered `deadlineExceeded` (their late reply is dropped).
        var abandonedCount = 0
        /// Apps this connection has `connect`ed.
        var connectedApps: Set<String> = []
        /// Apps whose in-process service extension lives in this connection.
        var extensionApps: Set<String> = []
        var isClosed = false
        /// When the client last sent a line (its connection time until then).
        var lastHeard: Date
    }

    private let state: Mutex<State>

    /// A request being handled.
    private struct InFlight {
        let id: Int64
        let method: String
        let deadline: Date?
        var task: Task<Void, Never>?
        /// Answered `deadlineExceeded` already.
        var isAbandoned = false
    }

    init(number: Int, connection: EventLoopConnection, peer: PeerCredentials, connectedAt: Date) {
        self.number = number
        self.connection = connection
        self.peer = peer
        self.connectedAt = connectedAt
        state = Mutex(State(lastHeard: connectedAt))
    }

    /// The client sent a line.
    func heard(at date: Date) { state.withLock { $0.lastHeard = date } }

    /// What the server weighs when it must close someone to make room for a newcomer: when the
    /// client last sent a line, whether a request of its own is being answered, and whether it
    /// waits for the center (subscribed to events, an app or extension connected).
    var activity: (lastHeard: Date, hasRequestsInFlight: Bool, isListening: Bool) {
        state.withLock { state in
            (state.lastHeard, state.requests.values.contains { !$0.isAbandoned },
             state.subscription != nil || !state.connectedApps.isEmpty || !state.extensionApps.isEmpty)
        }
    }

    var hello: ClientHello? { state.withLock { $0.hello } }
    /// Whether the connection has ended (`closeDown` ran).
    var isClosed: Bool { state.withLock { $0.isClosed } }
    func setHello(_ hello: ClientHello) { state.withLock { $0.hello = hello } }

    /// A short name for logs: `#3 app com.example.app (pid 4242)`.
    var label: String {
        let hello = self.hello
        let who = [hello?.role.rawValue, hello?.bundleIdentifier ?? hello?.client].compactMap { $0 }.joined(separator: " ")
        return "#\(number) \(who.isEmpty ? "client" : who) (pid \(peer.pid))"
    }

    // MARK: Subscription

    func subscribe(bundleIdentifier: String?) { state.withLock { $0.subscription = .some(bundleIdentifier) } }
    func unsubscribe() {
        state.withLock {
            $0.subscription = nil
            $0.showsPrompts = false
        }
    }
    func setShowsPrompts(_ shows: Bool) { state.withLock { $0.showsPrompts = shows } }
    func setTmuxPane(_ place: TmuxPlace) { state.withLock { $0.tmuxPane = place } }
    /// The tmux pane of a user interface attached now (it shows prompts, hence banners).
    var attachedTmuxPane: TmuxPlace? {
        state.withLock { $0.showsPrompts && !$0.isClosed ? $0.tmuxPane : nil }
    }

    /// Whether this session wants `event`.
    func wants(_ event: CenterEvent) -> Bool {
        let (subscription, showsPrompts) = state.withLock { ($0.subscription, $0.showsPrompts) }
        guard let filter = subscription, showsPrompts || !event.isPrompt else { return false }
        guard let app = filter else { return true }
        return event.bundleIdentifier == nil || event.bundleIdentifier == app
    }

    // MARK: Apps

    func addConnectedApp(_ bundleIdentifier: String) { state.withLock { _ = $0.connectedApps.insert(bundleIdentifier) } }
    func removeConnectedApp(_ bundleIdentifier: String) { state.withLock { _ = $0.connectedApps.remove(bundleIdentifier) } }
    func setExtension(_ installed: Bool, for bundleIdentifier: String) {
        state.withLock {
            if installed { $0.extensionApps.insert(bundleIdentifier) } else { $0.extensionApps.remove(bundleIdentifier) }
        }
    }

    // MARK: Requests in flight

    /// Runs a request's handler as a task on the server's loop (no hop), which `close` cancels;
    /// past `deadline` it is answered `deadlineExceeded` (`abandonOverdueRequests`).
    func track(id: Int64, method: String, deadline: Date?, on loop: EventLoop,
               _ body: @escaping @Sendable () async -> Void) {
        let key = state.withLock { state -> Int64 in
            state.nextRequestKey += 1
            state.requests[state.nextRequestKey] = InFlight(id: id, method: method, deadline: deadline)
            return state.nextRequestKey
        }
        let run: @Sendable () async -> Void = {
            await body()
            self.state.withLock { state in
                if state.requests.removeValue(forKey: key)?.isAbandoned == true { state.abandonedCount -= 1 }
            }
        }
        let task = Task(executorPreference: loop, operation: run)
        let closed = state.withLock { state -> Bool in
            if !state.isClosed { state.requests[key]?.task = task }
            return state.isClosed
        }
        if closed { task.cancel() }
    }

    /// Whether a request is running that will end by itself (one with a deadline: not `wait` or
    /// `requestAuthorization`, which wait for people).
    var hasRequestsRunning: Bool {
        state.withLock { state in state.requests.values.contains { !$0.isAbandoned && $0.deadline != nil } }
    }

    /// Requests past their deadline: each is cancelled, and its reply, when it comes, dropped.
    /// Returns them, for the caller to answer `deadlineExceeded`.
    /// Whether the server's sweep has something to watch here: no hello yet, or a request
    /// with a deadline still running.
    var isWatched: Bool {
        state.withLock { state in
            state.hello == nil || state.requests.values.contains { !$0.isAbandoned && $0.deadline != nil }
        }
    }

    func abandonOverdueRequests(now: Date) -> [(id: Int64, method: String)] {
        let overdue = state.withLock { state -> [InFlight] in
            var overdue: [InFlight] = []
            for (key, request) in state.requests where !request.isAbandoned && request.deadline.map({ $0 <= now }) == true {
                state.requests[key]?.isAbandoned = true
                state.abandonedCount += 1
                overdue.append(request)
            }
            return overdue
        }
        for request in overdue { request.task?.cancel() }
        return overdue.map { (id: $0.id, method: $0.method) }
    }

    // MARK: Calls to the client

    /// Makes a call and awaits the answer; `nil` when the client is gone, answered with an
    /// error, or did not answer within `timeout` seconds.
    func call<P, R>(_ call: Call<P, R>, _ params: P, timeout: TimeInterval?) async -> R? {
        let line: Data
        let callID = state.withLock { state -> Int64 in
            state.nextCallID += 1
            return state.nextCallID
        }
        do {
            line = try CallEnvelope(call: callID, method: call.name, params: params).line()
        } catch {
            return nil
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<R?, Never>) in
            let resume: @Sendable (EncodedPayload?, WireError?) -> Void = { payload, _ in
                continuation.resume(returning: payload.flatMap { try? $0.result(R.self) })
            }
            let closed = state.withLock { state -> Bool in
                if state.isClosed { return true }
                state.pendingCalls[callID] = resume
                return false
            }
            if closed {
                continuation.resume(returning: nil)
                return
            }
            connection.send(line)
            if let timeout {
                Task { [weak self] in
                    try? await Task.sleep(nanoseconds: Seconds.nanoseconds(timeout))
                    self?.finishCall(callID, result: nil, error: nil)
                }
            }
        }
    }

    /// The client answered call `callID` (or it timed out: `result == nil`). Returns `false` when
    /// no such call was waiting.
    @discardableResult
    func finishCall(_ callID: Int64, result: EncodedPayload?, error: WireError?) -> Bool {
        guard let resume = state.withLock({ $0.pendingCalls.removeValue(forKey: callID) }) else { return false }
        resume(result, error)
        return true
    }

    // MARK: Closing

    /// Marks the session closed: pending calls resolve to `nil`, requests in flight are
    /// cancelled. Returns the apps it had connected and whose extensions it hosted.
    func closeDown() -> (apps: Set<String>, extensions: Set<String>) {
        let (calls, requests, apps, extensions) = state.withLock { state in
            state.isClosed = true
            defer {
                state.pendingCalls.removeAll()
                state.requests.removeAll()
            }
            return (Array(state.pendingCalls.values), Array(state.requests.values), state.connectedApps, state.extensionApps)
        }
        for resume in calls { resume(nil, nil) }
        for request in requests { request.task?.cancel() }
        return (apps, extensions)
    }

    // MARK: Sending

    func sendReply<R: Codable & Sendable>(id: Int64, result: R, method: String) {
        guard !dropsLateReply(id) else { return }
        do {
            sendLine(try ResultEnvelope(id: id, result: result).line(), id: id, method: method)
        } catch {
            sendError(id: id, WireError(domain: WireError.heraldDomain, message: "could not encode the result: \(error)"))
        }
    }

    /// A reply whose result is JSON already (`RequestDispatcher.onEncoded`).
    func sendEncodedReply(id: Int64, result json: Data, method: String) {
        guard !dropsLateReply(id) else { return }
        sendLine(EncodedResultLine.line(id: id, result: json), id: id, method: method)
    }

    /// Sends a reply's line — or, when it is longer than a client may read (the line limit),
    /// `replyTooLarge` naming the limit instead: a client never gets a line it must drop.
    private func sendLine(_ line: Data, id: Int64, method: String) {
        let limit = LineConnection.maximumLineLength
        guard line.count <= limit else {
            sendError(id: id, .protocolError(.replyTooLarge, "\(method): the reply would be \(line.count) bytes, over the "
                + "line limit of \(limit) bytes (1 MiB); ask for less"))
            return
        }
        connection.send(line)
    }

    func sendError(id: Int64?, _ error: WireError) {
        if let id, dropsLateReply(id) { return }
        if let line = Self.errorLine(id: id, error) { connection.send(line) }
    }

    func sendEvent(_ event: CenterEvent) {
        if let line = try? EventEnvelope(event: WireEvent(event)).line() { connection.send(line) }
    }

    /// The `deadlineExceeded` answer of an abandoned request (sent although the request is now
    /// marked abandoned, which `sendError` would drop as a late reply).
    func sendDeadlineError(id: Int64, _ error: WireError) {
        if let line = Self.errorLine(id: id, error) { connection.send(line) }
    }

    /// A last error without id (a refusal), after which the connection closes.
    func sendLastError(_ error: WireError) {
        if let line = Self.errorLine(id: nil, error) { connection.sendLast(line) }
    }

    /// `{"id":…,"error":{…}}`, or `nil` if it cannot be encoded.
    private static func errorLine(id: Int64?, _ error: WireError) -> Data? {
        try? WireCoding.encode(ErrorEnvelope(id: id, error: error))
    }

    /// Whether the reply for `id` comes after its request was answered `deadlineExceeded`.
    private func dropsLateReply(_ id: Int64) -> Bool {
        state.withLock { state -> Bool in
            state.abandonedCount > 0 && state.requests.values.contains { $0.id == id && $0.isAbandoned }
        }
    }

    func sendHello(_ hello: ServerHello) {
        if let line = try? WireCoding.encode(HelloEnvelope(hello: hello)) { connection.send(line) }
    }
}
