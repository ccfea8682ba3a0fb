import CMosquitto
import Foundation
import HeraldCore
import HeraldSystem
import Synchronization

/// One libmosquitto client served by an `EventLoop` (`MQTTConnection+Serving.swift`): its socket
/// is a registration on the loop's epoll, read and written with `mosquitto_loop_read` /
/// `mosquitto_loop_write` when ready, kept alive with `mosquitto_loop_misc` on a loop timer, and
/// made again with exponential backoff (1 s to 30 s) when the broker goes away — the blocking
/// connect runs on a thread of its own, off the loop. Callbacks arrive on the loop, in order.
///
/// A message the handler returns work for (`Events.message`) is acknowledged only once that work
/// has ended: while any message's work runs, the loop neither reads nor writes the connection, so
/// the PUBACKs libmosquitto queued go out together afterwards. The work of the messages read
/// together runs side by side (`MessageWork.Order.together`: the door shares their commits), but
/// for work that must run alone, in the order read (`.alone`).
///
/// ```swift
/// let connection = try MQTTConnection(settings: settings, clientID: nil, cleanSession: true, events: events)
/// connection.start()
/// let mid = try connection.publish(topic: "herald/alice/post/ci", payload: data)
/// try await connection.acknowledgement(of: mid, within: 10)
/// ```
final class MQTTConnection: Sendable {
    /// What the connection reports; all called on the loop thread.
    struct Events: Sendable {
        /// CONNACK: `0` accepted; otherwise the refusal (`4` bad user name or password, `5` not authorized).
        var connected: @Sendable (Int32) -> Void = { _ in }
        /// The connection ended; `0` when we asked for it.
        var disconnected: @Sendable (Int32) -> Void = { _ in }
        /// The first connection attempt failed before MQTT (TCP, name lookup, TLS).
        var connectFailed: @Sendable (BrokerError) -> Void = { _ in }
        /// A message: its topic and payload (valid only during the call). Returns the work the
        /// message's acknowledgement waits for (run as a task that prefers the loop), or `nil`.
        var message: @Sendable (String, UnsafeRawBufferPointer) -> MessageWork? = { _, _ in nil }
        /// A read of the connection ended; the work of the messages it brought has started (its
        /// tasks are queued on the loop), none of it has run yet.
        var readEnded: @Sendable () -> Void = {}
        /// The connection brought no whole packet for this many seconds and is being dropped;
        /// it is made again as a lost one is.
        var stalled: @Sendable (TimeInterval) -> Void = { _ in }
    }

    struct State {
        var ackWaiters: [Int32: CheckedContinuation<Void, any Error>] = [:]
        var acknowledged: Set<Int32> = []
        var unobserved: Set<Int32> = []
        var stopping = false
        var destroyed = false
        var lastError: String?
        /// How many times libmosquitto has reported a lost connection (`on_disconnect`).
        var disconnectsReported = 0
        /// The socket served on the loop (-1 while not connected) and its registration.
        var socket: Int32 = -1
        var socketToken: UInt64?
        /// The loop timer that runs `mosquitto_loop_misc`.
        var miscTimer: UInt64?
        /// Messages whose work has not ended (their PUBACKs wait).
        var handling = 0
        /// The work of the last message that runs alone, which the work read after it waits for.
        var lastAlone: Task<Void, Never>?
        /// The work started since then, which the next work that runs alone waits for.
        var sinceAlone: [Task<Void, Never>] = []
        /// A connect or reconnect is running on its thread.
        var connecting = false
        /// The pause before the next reconnect.
        var reconnectDelay: TimeInterval = MQTTConnection.firstReconnectDelay
    }

    let library: MosquittoLibrary
    let settings: BrokerSettings
    /// libmosquitto's client: thread-safe (its own locks; `mosquitto_threaded_set`), served on
    /// `loop`, published to from any thread.
    nonisolated(unsafe) let client: MosquittoLibrary.Client
    let events: Events
    let state = Mutex(State())
    /// The loop that serves the socket.
    let loop: EventLoop
    /// Whether `stop` ends `loop` too (it was made for this connection).
    let ownsLoop: Bool
    /// Drops a connection that brings no whole packet for `BrokerSettings.packetTimeout`.
    let watchdog: PacketWatchdog

    static let firstReconnectDelay: TimeInterval = 1
    static let longestReconnectDelay: TimeInterval = 30

    /// Makes the client (nothing is sent yet). `clientID` `nil` lets the library choose one, which
    /// needs `cleanSession`. `loop`: the loop to serve it on (started); `nil`: one of its own.
    init(settings: BrokerSettings, clientID: String?, cleanSession: Bool, events: Events, loop: EventLoop? = nil) throws {
        library = try MosquittoLibrary.load()
        self.settings = settings
        self.events = events
        guard let client = library.new(clientID, cleanSession, nil) else {
            throw BrokerError.invalid("libmosquitto could not make a client (client id \(clientID ?? "(random)"))")
        }
        self.client = client
        let serving: EventLoop
        if let loop {
            serving = loop
        } else {
            serving = try EventLoop(name: "herald.mqtt")
            serving.start(tickInterval: 3600, onTick: { false }, afterRound: {})
        }
        self.loop = serving
        ownsLoop = loop == nil
        let target = LateReference<MQTTConnection>()
        watchdog = PacketWatchdog(timeout: settings.packetTimeout, loop: serving) { seconds in
            target.object?.dropStalled(after: seconds)
        }
        target.object = self
        let context = Unmanaged.passUnretained(self).toOpaque()
        library.userDataSet(client, context)
        // Packets are queued, never written by the call that queues them: the loop writes them,
        // and holds a message's PUBACK until its work has ended.
        _ = library.threadedSet(client, true)
        _ = library.intOption(client, Int32(HERALD_MOSQ_OPT_PROTOCOL_VERSION), Int32(HERALD_MQTT_PROTOCOL_V311))
        _ = library.intOption(client, Int32(HERALD_MOSQ_OPT_TCP_NODELAY), 1)
        _ = library.maxInflightMessagesSet(client, 100)
        if let user = settings.address.user {
            try check(library.usernamePasswordSet(client, user, settings.password), "setting the user name")
        }
        if settings.address.usesTLS {
            let capath = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(library.tlsSet(client, settings.caFile, capath, settings.certificateFile, settings.keyFile, nil),
                      "setting up TLS (--broker-ca, --broker-cert, --broker-key)")
        }
        library.connectCallbackSet(client, { _, context, code in MQTTConnection.from(context).connectionAnswered(code) })
        library.disconnectCallbackSet(client, { _, context, code in
            let connection = MQTTConnection.from(context)
            connection.state.withLock { $0.disconnectsReported += 1 }
            connection.watchdog.connectionEnded()
            connection.events.disconnected(code)
        })
        library.publishCallbackSet(client, { _, context, mid in MQTTConnection.from(context).acknowledged(mid) })
        library.messageCallbackSet(client, { _, context, message in
            guard let message, let topic = message.pointee.topic else { return }
            let payload = UnsafeRawBufferPointer(start: message.pointee.payload, count: Int(max(0, message.pointee.payloadlen)))
            let connection = MQTTConnection.from(context)
            guard let work = connection.events.message(String(cString: topic), payload) else { return }
            connection.handle(work)
        })
        library.logCallbackSet(client, { _, context, level, text in
            guard let text else { return }
            if level & Int32(HERALD_MOSQ_LOG_DEBUG) != 0 {
                MQTTConnection.from(context).watchdog.observe(debugLine: text)
            }
            guard level & Int32(HERALD_MOSQ_LOG_ERR) != 0 else { return }
            let line = String(cString: text)
            MQTTConnection.from(context).state.withLock { $0.lastError = line }
        })
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MQTTConnection {
        Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue()
    }

    private func check(_ code: Int32, _ doing: String) throws {
        guard code != HERALD_MOSQ_ERR_SUCCESS else { return }
        throw BrokerError.invalid("\(doing): \(library.describe(code))")
    }

    /// What a failed `mosquitto_connect` means, in one line.
    func connectError(_ code: Int32, errno: Int32) -> BrokerError {
        let address = settings.address
        let place = "\(address.host):\(address.port)"
        let detail = state.withLock { $0.lastError }
        switch code {
        case Int32(HERALD_MOSQ_ERR_TLS):
            return .tls("TLS with \(place) failed\(detail.map { ": \($0)" } ?? "") "
                        + "(check --broker-ca, the broker's certificate and its host name)")
        case Int32(HERALD_MOSQ_ERR_ERRNO) where errno != 0:
            return .unreachable("cannot reach the broker at \(place): \(String(cString: strerror(errno)))")
        case Int32(HERALD_MOSQ_ERR_EAI):
            return .unreachable("cannot reach the broker at \(place): the host name does not resolve")
        default:
            return .unreachable("cannot reach the broker at \(place): \(library.describe(code))")
        }
    }

    /// The CONNACK refusal, in one line.
    func refusal(_ code: Int32) -> BrokerError {
        let user = settings.address.user.map { "user '\($0)'" } ?? "no user name"
        switch code {
        case 4, 5:
            return .refused("the broker at \(settings.address.host):\(settings.address.port) refused \(user): "
                            + "\(code == 4 ? "bad user name or password" : "not authorized") "
                            + "(check --broker-password-file or $\(BrokerSettings.passwordVariable))")
        default:
            let reason = library.connackString(code).map { String(cString: $0) } ?? "code \(code)"
            return .refused("the broker at \(settings.address.host):\(settings.address.port) refused the connection: \(reason)")
        }
    }

    // MARK: Publishing and subscribing

    /// Queues a message; returns its message id (QoS 1: the broker's PUBACK comes later).
    /// `observed: false` for messages nobody awaits the acknowledgement of.
    @discardableResult
    func publish(topic: String, payload: Data, qos: Int32 = 1, observed: Bool = true) throws -> Int32 {
        var mid: Int32 = 0
        let code = payload.withUnsafeBytes { bytes in
            library.publish(client, &mid, topic, Int32(bytes.count), bytes.baseAddress, qos, false)
        }
        guard code == HERALD_MOSQ_ERR_SUCCESS else {
            throw BrokerError.failed("publishing to \(topic) failed: \(library.describe(code))")
        }
        wakeToWrite()
        if !observed {
            state.withLock { state in
                if state.acknowledged.remove(mid) == nil { state.unobserved.insert(mid) }
            }
        }
        return mid
    }

    /// Returns when the broker has acknowledged message `mid` (PUBACK); throws after `timeout`.
    func acknowledgement(of mid: Int32, within timeout: TimeInterval) async throws {
        let timer = Task { [weak self] in
            try await Task.sleep(nanoseconds: Seconds.nanoseconds(timeout))
            let waiter = self?.state.withLock { $0.ackWaiters.removeValue(forKey: mid) }
            waiter?.resume(throwing: BrokerError.timedOut("the broker did not acknowledge the message within \(Int(timeout)) s"))
        }
        defer { timer.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let done = state.withLock { state -> Bool in
                if state.acknowledged.remove(mid) != nil { return true }
                state.ackWaiters[mid] = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func acknowledged(_ mid: Int32) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.unobserved.remove(mid) != nil { return nil }
            if let waiter = state.ackWaiters.removeValue(forKey: mid) { return waiter }
            state.acknowledged.insert(mid)
            return nil
        }
        waiter?.resume()
    }

    /// Subscribes at QoS 1 (the broker keeps it in a persistent session).
    func subscribe(_ filter: String) throws {
        let code = library.subscribe(client, nil, filter, 1)
        guard code == HERALD_MOSQ_ERR_SUCCESS else {
            throw BrokerError.failed("subscribing to \(filter) failed: \(library.describe(code))")
        }
        wakeToWrite()
    }
}
