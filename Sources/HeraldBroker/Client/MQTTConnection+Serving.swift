import CMosquitto
import Foundation
import HeraldSystem
#if canImport(Glibc)
import Glibc
#endif

/// The connection on its loop: connecting (off the loop), reading and writing the socket when it
/// is ready, holding PUBACKs while messages' work runs, keeping alive, reconnecting, stopping.
extension MQTTConnection {
    /// Packets read in one go before the work they started runs (the broker sends at most its
    /// in-flight limit of unacknowledged messages, 20 by default, anyway); also the most
    /// messages in hand at once.
    static let packetsPerRead = 256

    /// Connects in the background: reports `connectFailed` or, later, `connected`; then serves
    /// until `stop()`, reconnecting whenever the connection is lost.
    func start() {
        watchdog.start()
        connectInBackground(first: true)
    }

    /// Sends `DISCONNECT`, leaves the loop and frees the client (waiting at most `grace` seconds
    /// for the loop).
    func stop(grace: TimeInterval = 2) {
        watchdog.stop()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.stopping = true
            defer { state.ackWaiters.removeAll() }
            return Array(state.ackWaiters.values)
        }
        for waiter in waiters { waiter.resume(throwing: BrokerError.failed("the broker connection was closed")) }
        let done = DispatchSemaphore(value: 0)
        let finish: @Sendable () -> Void = { [self] in
            _ = library.disconnect(client)
            if state.withLock({ $0.socket >= 0 }) { _ = library.loopWrite(client, 1) }
            leaveLoop()
            destroyUnlessConnecting()
            done.signal()
        }
        // On the loop (from a callback, inside libmosquitto): after the callback, not waited for.
        loop.execute(finish)
        if !loop.isCurrent { _ = done.wait(timeout: .now() + grace) }
        if ownsLoop { loop.stop() }
    }

    /// Frees the client once nothing uses it: not while a connect runs on its thread (that one
    /// frees it when it returns; a process ending meanwhile leaves it to the exit).
    private func destroyUnlessConnecting() {
        let destroy = state.withLock { state -> Bool in
            guard state.stopping, !state.connecting, !state.destroyed else { return false }
            state.destroyed = true
            return true
        }
        if destroy { library.destroy(client) }
    }

    // MARK: Connecting

    /// Runs the blocking `mosquitto_connect` (the first time) or `mosquitto_reconnect` on a
    /// thread of its own, then hands the socket to the loop.
    private func connectInBackground(first: Bool) {
        let go = state.withLock { state -> Bool in
            guard !state.stopping, !state.connecting else { return false }
            state.connecting = true
            return true
        }
        guard go else { return }
        let thread = Thread { [self] in
            errno = 0
            let address = settings.address
            let code = first ? library.connect(client, address.host, Int32(address.port), settings.keepAlive)
                             : library.reconnect(client)
            let error = errno
            loop.execute { [self] in connectReturned(code, errno: error, first: first) }
        }
        thread.name = "herald.mqtt-connect"
        thread.start()
    }

    private func connectReturned(_ code: Int32, errno: Int32, first: Bool) {
        let stopping = state.withLock { state -> Bool in
            state.connecting = false
            return state.stopping
        }
        if stopping { return destroyUnlessConnecting() }
        guard code == HERALD_MOSQ_ERR_SUCCESS else {
            if first {
                events.connectFailed(connectError(code, errno: errno))
            } else {
                events.disconnected(code)
            }
            return reconnectLater()
        }
        let fd = library.socket(client)
        guard fd >= 0 else { return reconnectLater() }
        let token = try? loop.register(fd, interest: interest()) { [weak self] event in self?.serve(event) }
        guard let token else { return reconnectLater() }
        let keepAlive = TimeInterval(max(1, settings.keepAlive))
        state.withLock { state in
            state.socket = fd
            state.socketToken = token
        }
        scheduleMisc(every: max(1, keepAlive / 4))
    }

    /// CONNACK (on the loop): an accepted connection resets the backoff.
    func connectionAnswered(_ code: Int32) {
        if code == 0 { state.withLock { $0.reconnectDelay = Self.firstReconnectDelay } }
        events.connected(code)
    }

    /// The connection is gone: off the loop, and made again after the backoff's pause.
    private func lost() {
        leaveLoop()
        reconnectLater()
    }

    private func reconnectLater() {
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.stopping else { return nil }
            defer { state.reconnectDelay = min(Self.longestReconnectDelay, state.reconnectDelay * 2) }
            return state.reconnectDelay
        }
        guard let delay else { return }
        loop.addTimer(after: delay) { [weak self] in self?.connectInBackground(first: false) }
    }

    /// Takes the socket and the keep-alive timer off the loop (the socket is libmosquitto's to close).
    private func leaveLoop() {
        let (fd, token, timer) = state.withLock { state in
            defer {
                state.socket = -1
                state.socketToken = nil
                state.miscTimer = nil
            }
            return (state.socket, state.socketToken, state.miscTimer)
        }
        if let token, fd >= 0 { loop.remove(fd, token: token) }
        if let timer { loop.cancelTimer(timer) }
    }

    private func scheduleMisc(every interval: TimeInterval) {
        let timer = loop.addTimer(after: interval) { [weak self] in
            guard let self, state.withLock({ $0.socket >= 0 }) else { return }
            _ = library.loopMisc(client)
            serve(nil)
            if state.withLock({ $0.socket >= 0 }) { scheduleMisc(every: interval) }
        }
        state.withLock { $0.miscTimer = timer }
    }

    // MARK: Serving

    /// What the socket waits for: nothing while messages' work runs; else to read, and to write
    /// when libmosquitto has something queued.
    private func interest() -> EventPoll.Interest {
        guard state.withLock({ $0.handling == 0 }) else { return [] }
        return library.wantWrite(client) ? [.readable, .writable] : .readable
    }

    /// The socket is ready (or, `nil`, something was queued or handled): reads every whole
    /// packet there is, writes what is queued, and waits for what comes next.
    func serve(_ event: EventPoll.Event?) {
        guard state.withLock({ $0.socket >= 0 && $0.handling == 0 && !$0.destroyed }) else { return }
        if event?.isReadable == true {
            for _ in 0..<Self.packetsPerRead {
                let reported = state.withLock { $0.disconnectsReported }
                let code = library.loopRead(client, 1)
                guard code == HERALD_MOSQ_ERR_SUCCESS, connectionStands(), bytesWaiting() else {
                    if code != HERALD_MOSQ_ERR_SUCCESS { reportSilentClose(code, reportedBefore: reported) }
                    break
                }
            }
            events.readEnded()
        }
        guard connectionStands() else { return lost() }
        // While messages' work runs, their PUBACKs (and everything queued after them) wait.
        guard state.withLock({ $0.handling == 0 }) else { return updateInterest() }
        if library.wantWrite(client) { _ = library.loopWrite(client, 1) }
        guard connectionStands() else { return lost() }
        updateInterest()
    }

    /// A TLS handshake that `mosquitto_connect` left unfinished goes on in `mosquitto_loop_read`;
    /// when it fails there (a certificate for another host name, an unknown CA), libmosquitto
    /// closes the socket without calling `on_disconnect`. Reported here as that callback would,
    /// so a client waiting for its CONNACK hears why at once instead of after its timeout.
    private func reportSilentClose(_ code: Int32, reportedBefore: Int) {
        guard library.socket(client) < 0, state.withLock({ $0.disconnectsReported == reportedBefore }) else { return }
        state.withLock { $0.disconnectsReported += 1 }
        watchdog.connectionEnded()
        events.disconnected(code)
    }

    /// Whether the socket served is still libmosquitto's open socket.
    private func connectionStands() -> Bool {
        let fd = library.socket(client)
        return fd >= 0 && fd == state.withLock { $0.socket }
    }

    /// Whether more bytes wait on the socket (another packet to read in this go).
    private func bytesWaiting() -> Bool {
        let fd = state.withLock { $0.socket }
        var byte: UInt8 = 0
        return fd >= 0 && recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    private func updateInterest() {
        let (fd, token) = state.withLock { ($0.socket, $0.socketToken) }
        guard fd >= 0, let token else { return }
        loop.modify(fd, token: token, interest: interest())
    }

    /// Runs a message's work as a task that prefers the loop: at once beside the others, or
    /// alone in the order read (`MessageWork.Order`); the connection is served again (its PUBACKs
    /// written) once the work of every message read has ended.
    func handle(_ work: MessageWork) {
        state.withLock { current in
            current.handling += 1
            let lastAlone = current.lastAlone
            switch work.order {
            case .together:
                current.sinceAlone.append(Task(executorPreference: loop) { [self] in
                    await lastAlone?.value
                    await work.run()
                    ended()
                })
            case .alone:
                let before = current.sinceAlone
                current.sinceAlone = []
                current.lastAlone = Task(executorPreference: loop) { [self] in
                    await lastAlone?.value
                    for task in before { await task.value }
                    await work.run()
                    ended()
                }
            }
        }
    }

    /// A message's work ended: once none runs, the connection is served (its PUBACKs written).
    private func ended() {
        let idle = state.withLock { state -> Bool in
            state.handling -= 1
            guard state.handling == 0 else { return false }
            state.lastAlone = nil
            state.sinceAlone = []
            return true
        }
        if idle { loop.execute { [self] in serve(nil) } }
    }

    /// Something was queued from another thread (a publish, a subscription): the loop writes it.
    func wakeToWrite() {
        loop.execute { [self] in serve(nil) }
    }

    /// The watchdog's verdict: reports it and disconnects; the connection is made again as a
    /// lost one is.
    func dropStalled(after seconds: TimeInterval) {
        guard !state.withLock({ $0.stopping }) else { return }
        events.stalled(seconds)
        loop.execute { [self] in
            guard !state.withLock({ $0.stopping }), state.withLock({ $0.socket >= 0 }) else { return }
            _ = library.disconnect(client)
            serve(nil)
            // A DISCONNECT that could not be written (the stall) ends the connection all the same.
            if connectionStands() {
                let fd = state.withLock { $0.socket }
                _ = shutdown(fd, Int32(SHUT_RDWR))
                _ = library.loopRead(client, 1)
                events.readEnded()
                if !connectionStands() { lost() }
            }
        }
    }
}
