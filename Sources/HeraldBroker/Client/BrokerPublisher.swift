import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
import Synchronization

/// Posting through the broker from a machine with no daemon (`herald post --broker`,
/// `herald push --broker`): a clean MQTT session that publishes at QoS 1 and, for `--wait`,
/// listens on `P/handled/SENDER` for the answer.
///
/// ```swift
/// let publisher = try await BrokerPublisher.connect(settings: settings, sender: device)
/// defer { publisher.close() }
/// try publisher.expectAnswer(bundleIdentifier: "make", identifier: "build-42", actions: category.actions)
/// try await publisher.post(params)
/// let response = await publisher.answer(timeout: 60)
/// ```
public final class BrokerPublisher: Sendable {
    private struct Expected: Hashable {
        var bundleIdentifier: String
        var identifier: String
        /// The actions offered: identifier → whether it takes typed text.
        var actions: [String: Bool]

        /// Whether `action` is one the notification offered (or opened, or dismissed).
        func offers(_ action: ResponseAction) -> Bool {
            switch action {
            case .open, .dismiss: return true
            case .action(let identifier): return actions[identifier] == false
            case .reply(let identifier, _): return actions[identifier] == true
            }
        }
    }

    private struct State {
        var expected: Expected?
        /// Answers for the request that named an action it did not offer (the first few, for
        /// the user), and how many there were.
        var refused: [String] = []
        var refusedCount = 0
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
        let box = LateReference<BrokerPublisher>()
        var events = MQTTConnection.Events()
        events.connected = { code in
            guard let publisher = box.object else { return }
            publisher.settleConnect(code == 0 ? .success(()) : .failure(publisher.connection.refusal(code)))
            // Connected again (a clean session): the answers' subscription is made again.
            if code == 0 { publisher.resubscribe() }
        }
        events.stalled = { seconds in
            box.object?.settleConnect(.failure(.timedOut("the broker sent no whole packet in \(Int(seconds)) s")))
        }
        events.connectFailed = { error in box.object?.settleConnect(.failure(error)) }
        // A TLS handshake the connect call left unfinished fails in the loop.
        events.disconnected = { code in
            guard let publisher = box.object else { return }
            publisher.settleConnect(.failure(publisher.connection.connectError(code, errno: 0)))
        }
        events.message = { _, payload in
            box.object?.receive(payload)
            return nil
        }
        let connection = try MQTTConnection(settings: settings, clientID: nil, cleanSession: true, events: events)
        let publisher = BrokerPublisher(connection: connection, topics: BrokerTopics(prefix: settings.address.prefix),
                                        sender: sender)
        box.object = publisher
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

    /// Publishes a post (the socket's `post` params, and the bytes of the files at
    /// `attachmentPaths`) to `P/post/SENDER`; returns once the broker has it (PUBACK). The
    /// request itself names no files (`PostParams.request.content.attachments` is for local posts).
    public func post(_ params: PostParams, attachmentPaths: [String] = [], timeout: TimeInterval = 10) async throws {
        let post = BrokerPost(params, attachments: try attachmentPaths.map(BrokerAttachment.reading(path:)))
        let payload = try WireCoding.encode(post)
        guard payload.count <= BrokerPost.maximumBytes else {
            throw BrokerError.invalid("the post is \(payload.count) bytes with its attachments' base64; "
                                      + "the limit is \(BrokerPost.maximumBytes)")
        }
        let besides = post.bytesBesidesAttachments(of: payload.count)
        guard besides <= BrokerPost.maximumBytesBesidesAttachments else {
            throw BrokerError.invalid("the post is \(besides) bytes besides its attachments; "
                                      + "the limit is \(BrokerPost.maximumBytesBesidesAttachments)")
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

    /// Subscribes to the answers for one request; call before publishing it. Only answers that
    /// name one of `actions` (a reply only for an action that takes text), or open or dismiss the
    /// notification, count: anyone who may publish on `P/handled/SENDER` can send an answer, but
    /// not make this one choose an action it never offered.
    public func expectAnswer(bundleIdentifier: String, identifier: String, actions: [ActionRecord]) throws {
        let offered = Dictionary(actions.map { ($0.identifier, $0.textInput != nil) }, uniquingKeysWith: { first, _ in first })
        state.withLock { $0.expected = Expected(bundleIdentifier: bundleIdentifier, identifier: identifier, actions: offered) }
        try connection.subscribe(topics.handled(sender: sender))
    }

    private func resubscribe() {
        guard state.withLock({ $0.expected != nil }) else { return }
        try? connection.subscribe(topics.handled(sender: sender))
    }

    /// The answers refused so far because they named an action that was not offered (the first
    /// three, described), and how many there were in all.
    public var refusedAnswers: (first: [String], count: Int) {
        state.withLock { ($0.refused, $0.refusedCount) }
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
        let accepted = state.withLock { state -> Bool in
            guard let expected = state.expected, expected.bundleIdentifier == message.bundleIdentifier,
                  expected.identifier == message.identifier else { return false }
            guard expected.offers(response.action) else {
                state.refusedCount += 1
                if state.refused.count < 3 {
                    state.refused.append("from \(message.device): action '\(response.action.actionIdentifier)', which was not offered")
                }
                return false
            }
            return true
        }
        if accepted { settleAnswer(response) }
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
