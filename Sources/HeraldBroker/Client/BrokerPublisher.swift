import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// Posting through the broker from a machine with no daemon (`herald post --broker`,
/// `herald push --broker`): a clean MQTT session that publishes at QoS 1 and, for `--wait`,
/// listens on `P/handled/SENDER` for the answer.
///
/// ```swift
/// let publisher = try await BrokerPublisher.connect(settings: settings, sender: device)
/// defer { publisher.close() }
/// try publisher.expectAnswer(bundleIdentifier: "make", identifier: "build-42")
/// try await publisher.post(params)
/// let response = await publisher.answer(timeout: 60)
/// ```
public final class BrokerPublisher: Sendable {
    private struct Expected: Hashable {
        var bundleIdentifier: String
        var identifier: String
    }

    private struct State {
        var expected: Expected?
        var answer: ResponseRecord?
        var waiter: CheckedContinuation<ResponseRecord?, Never>?
        var connectWaiter: CheckedContinuation<Void, any Error>?
        var connectOutcome: Result<Void, BrokerError>?
    }

    private let connection: MQTTConnection
    private let topics: BrokerTopics
    /// The sender level of the topics (this machine's device id).
    public let sender: String
    private let state: Mutex<State>

    private init(connection: MQTTConnection, topics: BrokerTopics, sender: String) {
        self.connection = connection
        self.topics = topics
        self.sender = sender
        self.state = Mutex(State())
    }

    /// Connects (TCP, TLS, CONNACK); throws a one-line `BrokerError` when the broker cannot be
    /// reached, TLS fails, the password is refused, or nothing answers within `timeout` seconds.
    public static func connect(settings: BrokerSettings, sender: String, timeout: TimeInterval = 10) async throws -> BrokerPublisher {
        let box = Box<BrokerPublisher>()
        var events = MQTTConnection.Events()
        events.connected = { code in
            guard let publisher = box.value else { return }
            publisher.settleConnect(code == 0 ? .success(()) : .failure(publisher.connection.refusal(code)))
        }
        events.connectFailed = { error in box.value?.settleConnect(.failure(error)) }
        // A TLS handshake the connect call left unfinished fails in the loop.
        events.disconnected = { code in
            guard let publisher = box.value else { return }
            publisher.settleConnect(.failure(publisher.connection.connectError(code, errno: 0)))
        }
        events.message = { _, payload in box.value?.receive(payload) }
        let connection = try MQTTConnection(settings: settings, clientID: nil, cleanSession: true, events: events)
        let publisher = BrokerPublisher(connection: connection, topics: BrokerTopics(prefix: settings.address.prefix),
                                        sender: sender)
        box.value = publisher
        connection.start()
        let timer = Task {
            try await Task.sleep(nanoseconds: Seconds.nanoseconds(timeout))
            let place = "\(settings.address.host):\(settings.address.port)"
            publisher.settleConnect(.failure(BrokerError.timedOut("the broker at \(place) did not answer within \(Int(timeout)) s")))
        }
        defer { timer.cancel() }
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = publisher.state.withLock { state -> Result<Void, BrokerError>? in
                    if state.connectOutcome == nil { state.connectWaiter = continuation }
                    return state.connectOutcome
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } catch {
            connection.stop(grace: 1)
            throw error
        }
        return publisher
    }

    private func settleConnect(_ outcome: Result<Void, BrokerError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.connectOutcome == nil else { return nil }
            state.connectOutcome = outcome
            defer { state.connectWaiter = nil }
            return state.connectWaiter
        }
        waiter?.resume(with: outcome.mapError { $0 as any Error })
    }

    /// Publishes a post (the socket's `post` params) to `P/post/SENDER`; returns once the broker
    /// has it (PUBACK).
    public func post(_ params: PostParams, timeout: TimeInterval = 10) async throws {
        let payload = try WireCoding.encode(BrokerPost(params))
        guard payload.count <= BrokerDoor.maximumPostBytes else {
            throw BrokerError.invalid("the post is \(payload.count) bytes; the limit is \(BrokerDoor.maximumPostBytes)")
        }
        try await publish(topic: topics.post(sender: sender), payload: payload, timeout: timeout)
    }

    /// Publishes an APNs payload to `P/push/SENDER/ID[/APP]`; returns once the broker has it.
    public func push(_ payload: Data, identifier: String, bundleIdentifier: String?, timeout: TimeInterval = 10) async throws {
        for (field, value) in [("the request identifier", identifier), ("--app", bundleIdentifier ?? "x")] {
            if value.isEmpty || value.contains(where: { $0 == "/" || $0 == "+" || $0 == "#" }) {
                throw BrokerError.invalid("\(field) '\(value)' cannot be a topic level (no /, + or #)")
            }
        }
        try await publish(topic: topics.push(sender: sender, identifier: identifier, bundleIdentifier: bundleIdentifier),
                          payload: payload, timeout: timeout)
    }

    private func publish(topic: String, payload: Data, timeout: TimeInterval) async throws {
        let mid = try connection.publish(topic: topic, payload: payload)
        try await connection.acknowledgement(of: mid, within: timeout)
    }

    /// Subscribes to the answers for one request; call before publishing it.
    public func expectAnswer(bundleIdentifier: String, identifier: String) throws {
        state.withLock { $0.expected = Expected(bundleIdentifier: bundleIdentifier, identifier: identifier) }
        try connection.subscribe(topics.handled(sender: sender))
    }

    /// The first answer from any device, or `nil` after `timeout` seconds (`nil`: forever).
    public func answer(timeout: TimeInterval?) async -> ResponseRecord? {
        let timer = timeout.map { seconds in
            Task { [weak self] in
                try await Task.sleep(nanoseconds: Seconds.nanoseconds(seconds))
                self?.settleAnswer(nil)
            }
        }
        defer { timer?.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<ResponseRecord?, Never>) in
            let answer = state.withLock { state -> ResponseRecord?? in
                if let answer = state.answer { return .some(answer) }
                state.waiter = continuation
                return .none
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    private func receive(_ payload: UnsafeRawBufferPointer) {
        guard let message = try? WireCoding.decode(HandledMessage.self, from: Data(payload)),
              let response = message.response else { return }
        let matches = state.withLock {
            $0.expected == Expected(bundleIdentifier: message.bundleIdentifier, identifier: message.identifier)
        }
        if matches { settleAnswer(response) }
    }

    private func settleAnswer(_ response: ResponseRecord?) {
        let waiter = state.withLock { state -> CheckedContinuation<ResponseRecord?, Never>? in
            if state.answer == nil, let response { state.answer = response }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: response)
    }

    /// Disconnects.
    public func close() { connection.stop(grace: 1) }
}
