import CMosquitto
import Dispatch
import Foundation
import HeraldCore
import Synchronization

/// One libmosquitto client and the thread that runs its network loop (`mosquitto_loop_forever`:
/// it sleeps in `select` until the socket or a publish from another thread wakes it, and
/// reconnects with exponential backoff when the broker goes away). Callbacks arrive on that
/// thread, in order; a message callback that blocks holds back the message's PUBACK (QoS 1), so a
/// message is acknowledged only after the handler returns.
///
/// ```swift
/// let connection = try MQTTConnection(settings: settings, clientID: nil, cleanSession: true, events: events)
/// connection.start()
/// let mid = try connection.publish(topic: "herald/alice/post/ci", payload: data)
/// try await connection.acknowledgement(of: mid, within: 10)
/// ```
final class MQTTConnection: @unchecked Sendable {
    /// What the loop reports; all called on the loop thread.
    struct Events: Sendable {
        /// CONNACK: `0` accepted; otherwise the refusal (`4` bad user name or password, `5` not authorized).
        var connected: @Sendable (Int32) -> Void = { _ in }
        /// The connection ended; `0` when we asked for it.
        var disconnected: @Sendable (Int32) -> Void = { _ in }
        /// The first connection attempt failed before MQTT (TCP, name lookup, TLS).
        var connectFailed: @Sendable (BrokerError) -> Void = { _ in }
        /// A message: its topic and payload (valid only during the call).
        var message: @Sendable (String, UnsafeRawBufferPointer) -> Void = { _, _ in }
        /// The connection brought no whole packet for this many seconds and is being dropped;
        /// it is made again as a lost one is. Called on the watchdog's thread.
        var stalled: @Sendable (TimeInterval) -> Void = { _ in }
    }

    private struct State {
        var ackWaiters: [Int32: CheckedContinuation<Void, any Error>] = [:]
        var acknowledged: Set<Int32> = []
        var unobserved: Set<Int32> = []
        var stopping = false
        var destroyed = false
        var lastError: String?
        /// The watchdog dropped the connection (the loop reports no `disconnected` for it).
        var droppedStalled = false
    }

    let library: MosquittoLibrary
    let settings: BrokerSettings
    private let client: MosquittoLibrary.Client
    private let events: Events
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by `stop()`: ends the loop thread's pause before a reconnect at once.
    private let stopRequested = DispatchSemaphore(value: 0)
    /// Drops a connection that brings no whole packet for `BrokerSettings.packetTimeout`.
    private let watchdog: PacketWatchdog

    /// Makes the client (nothing is sent yet). `clientID` `nil` lets the library choose one, which
    /// needs `cleanSession`.
    init(settings: BrokerSettings, clientID: String?, cleanSession: Bool, events: Events) throws {
        library = try MosquittoLibrary.load()
        self.settings = settings
        self.events = events
        guard let client = library.new(clientID, cleanSession, nil) else {
            throw BrokerError.invalid("libmosquitto could not make a client (client id \(clientID ?? "(random)"))")
        }
        self.client = client
        let box = Box<MQTTConnection>()
        watchdog = PacketWatchdog(timeout: settings.packetTimeout) { seconds in box.value?.dropStalled(after: seconds) }
        box.value = self
        let context = Unmanaged.passUnretained(self).toOpaque()
        library.userDataSet(client, context)
        _ = library.threadedSet(client, true)
        _ = library.intOption(client, Int32(HERALD_MOSQ_OPT_PROTOCOL_VERSION), Int32(HERALD_MQTT_PROTOCOL_V311))
        _ = library.intOption(client, Int32(HERALD_MOSQ_OPT_TCP_NODELAY), 1)
        _ = library.reconnectDelaySet(client, 1, 30, true)
        _ = library.maxInflightMessagesSet(client, 100)
        if let user = settings.address.user {
            try check(library.usernamePasswordSet(client, user, settings.password), "setting the user name")
        }
        if settings.address.usesTLS {
            let capath = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(library.tlsSet(client, settings.caFile, capath, settings.certificateFile, settings.keyFile, nil),
                      "setting up TLS (--broker-ca, --broker-cert, --broker-key)")
        }
        library.connectCallbackSet(client, { _, context, code in MQTTConnection.from(context).events.connected(code) })
        library.disconnectCallbackSet(client, { _, context, code in
            let connection = MQTTConnection.from(context)
            connection.watchdog.connectionEnded()
            connection.events.disconnected(code)
        })
        library.publishCallbackSet(client, { _, context, mid in MQTTConnection.from(context).acknowledged(mid) })
        library.messageCallbackSet(client, { _, context, message in
            guard let message, let topic = message.pointee.topic else { return }
            let payload = UnsafeRawBufferPointer(start: message.pointee.payload, count: Int(max(0, message.pointee.payloadlen)))
            MQTTConnection.from(context).events.message(String(cString: topic), payload)
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

    /// Starts the loop thread: it connects (reporting `connectFailed` or `connected`), then serves
    /// until `stop()`, reconnecting whenever the connection is lost.
    func start() {
        let thread = Thread { [self] in
            runLoop()
            finished.signal()
        }
        thread.name = "herald-mqtt"
        thread.start()
        watchdog.start()
    }

    /// The watchdog's verdict: reports it and disconnects; the loop thread then connects again.
    private func dropStalled(after seconds: TimeInterval) {
        guard !state.withLock({ $0.stopping }) else { return }
        events.stalled(seconds)
        // Under the lock: `stop()` sets `stopping` under it before the client is destroyed.
        state.withLock { state in
            guard !state.stopping else { return }
            state.droppedStalled = true
            _ = library.disconnect(client)
        }
    }

    private func runLoop() {
        let address = settings.address
        errno = 0
        let code = library.connect(client, address.host, Int32(address.port), settings.keepAlive)
        if code != HERALD_MOSQ_ERR_SUCCESS {
            events.connectFailed(connectError(code, errno: errno))
        }
        while !state.withLock({ $0.stopping }) {
            let result = library.loopForever(client, 1000, 1)
            if state.withLock({ $0.stopping }) { break }
            // A fatal error ended the loop (the library does not retry those): start it again,
            // unless `stop()` came meanwhile — a reconnect (a TLS handshake in OpenSSL) still
            // running when the process exits crashes in OpenSSL's exit-time cleanup. (A
            // connection the watchdog dropped was reported as stalled.)
            let dropped = state.withLock { state -> Bool in
                defer { state.droppedStalled = false }
                return state.droppedStalled
            }
            if !dropped { events.disconnected(result) }
            _ = stopRequested.wait(timeout: .now() + 1)
            if state.withLock({ $0.stopping }) { break }
            _ = library.reconnect(client)
        }
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

    /// Sends `DISCONNECT` and lets the loop thread end (waiting at most `grace` seconds for it).
    func stop(grace: TimeInterval = 2) {
        watchdog.stop()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.stopping = true
            defer { state.ackWaiters.removeAll() }
            return Array(state.ackWaiters.values)
        }
        for waiter in waiters { waiter.resume(throwing: BrokerError.failed("the broker connection was closed")) }
        guard !state.withLock({ $0.destroyed }) else { return }
        stopRequested.signal()
        _ = library.disconnect(client)
        if finished.wait(timeout: .now() + grace) == .success {
            state.withLock { $0.destroyed = true }
            library.destroy(client)
        }
        // Otherwise the thread is still in a reconnect pause; the process is ending anyway, so the
        // client is left to it rather than destroyed under its feet.
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
    }
}
