import CMosquitto
import Foundation
import HeraldCore
import HeraldWire
import HeraldSystem
import Synchronization

/// The broker front door: keeps a persistent MQTT session (fixed client id, clean session off,
/// QoS 1) on `P/post/+`, `P/push/#` and `P/handled/+`, turns posts and pushes into the engine's
/// `post` / `push` from `.broker(sender:)` (the same registration, categories and refusals as
/// the socket's `herald post`), and tells the other devices (and a waiting `herald post --broker --wait`) when
/// a notification that came through the broker is answered or read here.
///
/// The daemon's per-app post rate holds here too, by holding back: a post of an app past its
/// rate waits (its PUBACK with it, and the reading of the next messages) until the app's next token, while the
/// broker keeps the rest queued — the publisher cannot be told no, and a backlog published while
/// the daemon was down must arrive whole. One log line says when an app starts being held back.
///
/// ```swift
/// let door = try BrokerDoor.open(settings: settings, device: "herald-3f9c…", stateDirectory: home.url,
///                                engine: engine, postLimiter: server.postLimiter, log: { print($0) })
/// …
/// door.close()
/// ```
public final class BrokerDoor: Sendable {
    private let connection: MQTTConnection
    private let topics: BrokerTopics
    private let device: String
    private let journal: BrokerJournal
    private let engine: NotificationEngine
    /// The daemon's per-app post limit, shared with its other doors (`nil`: none).
    private let postLimiter: PostRateLimiter?
    /// Runs once the engine stored a post or push, before the journal records it (a seam for
    /// tests: a daemon dying at that instant).
    private let afterStored: (@Sendable (PostOutcome) async -> Void)?
    private let log: @Sendable (String) -> Void
    /// The engine observer's id, while the door observes.
    private let observerID = Mutex<UInt64?>(nil)
    /// Whether the last state logged was "connected".
    private let isConnected = Mutex<Bool?>(nil)
    /// Apps being held back to their post rate (logged once when that starts).
    private let heldBack = Mutex<Set<String>>([])

    /// The journal's file in the state directory.
    public static let journalFileName = "broker-journal"
    /// The folder in the state directory where posted attachments' bytes wait for the engine,
    /// which moves them into its store.
    public static let attachmentsFolderName = "broker-attachments"
    private let attachmentsFolder: URL

    private init(connection: MQTTConnection, settings: BrokerSettings, device: String, journal: BrokerJournal,
                 attachmentsFolder: URL, engine: NotificationEngine, postLimiter: PostRateLimiter?,
                 afterStored: (@Sendable (PostOutcome) async -> Void)?, log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        self.attachmentsFolder = attachmentsFolder
        self.topics = BrokerTopics(prefix: settings.address.prefix)
        self.device = device
        self.journal = journal
        self.engine = engine
        self.postLimiter = postLimiter
        self.afterStored = afterStored
        self.log = log
    }

    /// Starts the door: subscribes to the engine's events and connects in the background (the
    /// outcome, and every later change, is one log line). Throws only for what cannot work at all
    /// (no libmosquitto, an unreadable journal, bad TLS files). `postLimiter`: the daemon's per-app
    /// post limit (`IPCServer.postLimiter`), which the door holds its posts back to.
    public static func open(settings: BrokerSettings, device: String, stateDirectory: URL,
                            engine: NotificationEngine, postLimiter: PostRateLimiter?,
                            log: @escaping @Sendable (String) -> Void) async throws -> BrokerDoor {
        try await open(settings: settings, device: device, stateDirectory: stateDirectory, engine: engine,
                       postLimiter: postLimiter, afterStored: nil, log: log)
    }

    /// `open`, with `afterStored` run once the engine stored each post or push, before the
    /// journal records it.
    package static func open(settings: BrokerSettings, device: String, stateDirectory: URL,
                             engine: NotificationEngine, postLimiter: PostRateLimiter?,
                             afterStored: (@Sendable (PostOutcome) async -> Void)?,
                             log: @escaping @Sendable (String) -> Void) async throws -> BrokerDoor {
        let journal = try BrokerJournal(file: stateDirectory.appendingPathComponent(journalFileName))
        // The message in hand when the daemon was last killed, if the file missed it.
        if let receipt = await engine.storedReceipt(forKey: BrokerJournal.receiptKey) { journal.restore(from: receipt) }
        let attachmentsFolder = stateDirectory.appendingPathComponent(attachmentsFolderName)
        // Bytes a killed daemon had staged and the engine never took.
        try? FileManager.default.removeItem(at: attachmentsFolder)
        let door = LateReference<BrokerDoor>()
        var events = MQTTConnection.Events()
        events.connected = { code in door.object?.connected(code) }
        events.disconnected = { code in door.object?.disconnected(code) }
        events.connectFailed = { error in door.object?.changeState(connected: false, "Broker: \(error); retrying with backoff") }
        events.message = { topic, payload in door.object?.receive(topic: topic, payload: payload) }
        events.stalled = { seconds in door.object?.stalled(after: seconds) }
        let connection = try MQTTConnection(settings: settings, clientID: device, cleanSession: false, events: events)
        let opened = BrokerDoor(connection: connection, settings: settings, device: device, journal: journal,
                                attachmentsFolder: attachmentsFolder, engine: engine, postLimiter: postLimiter,
                                afterStored: afterStored, log: log)
        door.object = opened
        let observerID = await engine.addObserver { [weak opened] event in opened?.observe(event) }
        opened.observerID.withLock { $0 = observerID }
        connection.start()
        return opened
    }

    /// Disconnects (the broker keeps the session: what arrives meanwhile waits there) and stops
    /// observing the engine.
    public func close() {
        if let id = observerID.withLock({ $0.take() }) {
            let engine = self.engine
            Task { await engine.removeObserver(id) }
        }
        connection.stop()
        journal.close()
    }

    // MARK: Connection state

    private func connected(_ code: Int32) {
        guard code == 0 else {
            changeState(connected: false, "Broker: \(connection.refusal(code)); not retrying")
            connection.stop(grace: 0)
            return
        }
        for filter in topics.daemonSubscriptions {
            do { try connection.subscribe(filter) } catch { log("Broker: \(error)") }
        }
        let address = connection.settings.address
        changeState(connected: true, "Broker: connected to \(address.host):\(address.port) as \(device), topics \(topics.prefix)/…")
    }

    private func disconnected(_ code: Int32) {
        guard code != 0 else { return }
        if code == HERALD_MOSQ_ERR_TLS {
            changeState(connected: false, "Broker: \(connection.connectError(code, errno: 0)); retrying with backoff")
        } else {
            changeState(connected: false, "Broker: connection lost (\(connection.library.describe(code))); reconnecting with backoff")
        }
    }

    private func stalled(after seconds: TimeInterval) {
        let address = connection.settings.address
        changeState(connected: false, "Broker: the broker at \(address.host):\(address.port) sent no whole packet in \(Int(seconds)) s "
                    + "(a message stalled part-way, or the connection is dead; the limit is \(Int(connection.settings.packetTimeout)) s); "
                    + "reconnecting")
    }

    /// Logs `line` when the state changes (one line per change, not per retry).
    private func changeState(connected: Bool, _ line: String) {
        let changed = isConnected.withLock { state -> Bool in
            defer { state = connected }
            return state != connected
        }
        if changed { log(line) }
    }

    // MARK: Messages from the broker (on the loop thread; the PUBACK waits for the work returned)

    private func receive(topic: String, payload: UnsafeRawBufferPointer) -> (@Sendable () async -> Void)? {
        let route: BrokerTopics.Route
        do {
            route = try topics.route(topic)
        } catch {
            log("Broker: ignored a message: \(error)")
            return nil
        }
        switch route {
        case .post(let sender):
            let key = BrokerJournal.key(topic: topic, payload: payload)
            guard !journal.hasTaken(key) else { return nil }
            guard let params = readPost(payload, from: sender) else { return nil }
            let entry = BrokerJournal.Entry(key: key, sender: sender, bundleIdentifier: params.bundleIdentifier,
                                            identifier: params.request.identifier)
            return take(entry, what: "post \(params.request.identifier)", app: params.bundleIdentifier) {
                defer {
                    // Staged bytes the engine did not take (a refused post) go.
                    params.request.content.attachments.forEach(BrokerAttachment.discardStaged)
                }
                return try await $0.post(params, from: .broker(sender: sender))
            }
        case .push(let sender, let identifier, let bundleIdentifier):
            let key = BrokerJournal.key(topic: topic, payload: payload)
            guard !journal.hasTaken(key) else { return nil }
            guard let text = String(validating: payload, as: UTF8.self) else {
                log("Broker: push from \(sender) rejected: BadPayload: the payload is not UTF-8 text")
                return nil
            }
            let params = PushParams(payload: text, bundleIdentifier: bundleIdentifier,
                                    headers: PushHeaders(collapseID: identifier)).withCanonicalIdentifiers()
            let entry = BrokerJournal.Entry(key: key, sender: sender, bundleIdentifier: bundleIdentifier ?? "",
                                            identifier: identifier)
            return take(entry, what: "push \(identifier)", app: params.rateLimitKey) {
                try await $0.push(params, from: .broker(sender: sender))
            }
        case .handled(let sender):
            guard let message = try? WireCoding.decode(HandledMessage.self, from: Data(payload)) else {
                log("Broker: ignored a handled message from \(sender) that is not a HandledMessage")
                return nil
            }
            guard message.device != device else { return nil }
            // Only for a notification that came from that sender through the broker: a handled
            // message cannot take a local notification, or another sender's, out of the list.
            guard journal.origin(bundleIdentifier: message.bundleIdentifier, identifier: message.identifier)?.sender == sender
            else { return nil }
            return { await self.applyHandled(message) }
        }
    }

    /// The post in `payload`, with its attachments' bytes staged as files of the daemon's own;
    /// `nil` (and a log line naming the field and the limit) when it is refused.
    private func readPost(_ payload: UnsafeRawBufferPointer, from sender: String) -> PostParams? {
        func refuse(_ reason: String) -> PostParams? {
            log("Broker: post from \(sender) rejected: \(reason)")
            return nil
        }
        guard payload.count <= BrokerPost.maximumBytes else {
            return refuse("it is \(payload.count) bytes; the limit is \(BrokerPost.maximumBytes) (attachments included)")
        }
        let post: BrokerPost
        do {
            // As the socket reads a post's params: the hand-written codec, the decoder's
            // reading (and its errors, naming the field) when the bytes are beyond it.
            post = try WireCoding.decode(BrokerPost.self, from: Data(payload))
        } catch {
            return refuse("badParams: post: \(WireCoding.explain(error))")
        }
        let besides = post.bytesBesidesAttachments(of: payload.count)
        guard besides <= BrokerPost.maximumBytesBesidesAttachments else {
            return refuse("it is \(besides) bytes besides its attachments; the limit is \(BrokerPost.maximumBytesBesidesAttachments)")
        }
        // Its identifiers in NFC, as the socket's dispatcher puts them.
        var params = post.params.withCanonicalIdentifiers()
        if let named = params.request.content.attachments.first {
            return refuse("request.content.attachments: names a file on this machine (\(named.path)); "
                          + "a post through the broker carries the file's bytes in attachments[].data instead")
        }
        guard post.attachments.count <= RequestLimits.attachmentCount else {
            return refuse("attachments: has \(post.attachments.count); the limit is \(RequestLimits.attachmentCount)")
        }
        do {
            for (index, attachment) in post.attachments.enumerated() {
                params.request.content.attachments.append(try attachment.stage(in: attachmentsFolder, field: "attachments[\(index)]"))
            }
        } catch {
            params.request.content.attachments.forEach(BrokerAttachment.discardStaged)
            return refuse("\(error)")
        }
        return params
    }

    /// The work of a post or push of `app`: handed to the engine once the app is within its post rate. The
    /// journal's entry goes with it as the engine's `StoreReceipt` (stored in the notification's
    /// transaction) and is written to the journal's file once it is stored.
    private func take(_ entry: BrokerJournal.Entry, what: String, app: String,
                      _ body: @escaping @Sendable (NotificationEngine) async throws -> PostOutcome) -> @Sendable () async -> Void {
        let engine = self.engine
        let afterStored = self.afterStored
        return { [self] in
            await holdBackToRate(app)
            let receipt = BrokerJournal.receipt(for: entry)
            let outcome: Result<PostOutcome, any Error>
            do {
                let stored = try await StoreReceipt.$current.withValue(receipt) { try await body(engine) }
                await afterStored?(stored)
                outcome = .success(stored)
            } catch {
                outcome = .failure(error)
            }
            record(outcome, of: entry, what: what)
        }
    }

    private func record(_ outcome: Result<PostOutcome, any Error>, of entry: BrokerJournal.Entry, what: String) {
        switch outcome {
        case .success(let result):
            var taken = entry
            taken.bundleIdentifier = result.bundleIdentifier
            taken.identifier = result.identifier
            journal.record(taken)
        case .failure(let error):
            log("Broker: \(what) from \(entry.sender) rejected: \(WireError(error))")
        }
    }

    /// Waits (and with it the acknowledgement of the messages read with this one: the broker
    /// holds what follows) until `app` is within the daemon's post rate; logs when an app starts
    /// being held back.
    private func holdBackToRate(_ app: String) async {
        guard let limiter = postLimiter else { return }
        let wait = limiter.reserve(app)
        let started = heldBack.withLock { held -> Bool in
            guard wait > 0 else {
                held.remove(app)
                return false
            }
            return held.insert(app).inserted
        }
        if started {
            log("Broker: \(app) is posting faster than its limit of \(limiter.limit); its posts are taken at that rate, "
                + "the rest wait at the broker")
        }
        if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
    }

    /// Another device answered or read a notification: take it out of the list here and mark it read.
    private func applyHandled(_ message: HandledMessage) async {
        let delivered = await engine.deliveredNotifications(bundleIdentifier: message.bundleIdentifier)
            .filter { $0.identifier == message.identifier }
        _ = journal.announceRead(bundleIdentifier: message.bundleIdentifier, identifier: message.identifier)
        if message.response != nil {
            await engine.removeDeliveredNotifications(identifiers: [message.identifier],
                                                      bundleIdentifier: message.bundleIdentifier)
        }
        let unread = delivered.filter { !$0.isRead }.map(\.deliveryID)
        if !unread.isEmpty { try? await engine.markRead(deliveryIDs: unread, isRead: true) }
    }

    // MARK: Engine events (synchronous, quick)

    private func observe(_ event: CenterEvent) {
        switch event {
        case .responded(let response):
            let record = response.notification
            guard let origin = journal.origin(bundleIdentifier: record.bundleIdentifier, identifier: record.identifier) else { return }
            _ = journal.announceRead(bundleIdentifier: record.bundleIdentifier, identifier: record.identifier)
            publish(HandledMessage(device: device, bundleIdentifier: record.bundleIdentifier, identifier: record.identifier,
                                   response: response), to: origin.sender)
        case .updated(let record):
            guard record.isRead,
                  let origin = journal.origin(bundleIdentifier: record.bundleIdentifier, identifier: record.identifier),
                  journal.announceRead(bundleIdentifier: record.bundleIdentifier, identifier: record.identifier) else { return }
            publish(HandledMessage(device: device, bundleIdentifier: record.bundleIdentifier, identifier: record.identifier,
                                   isRead: true), to: origin.sender)
        default:
            break
        }
    }

    private func publish(_ message: HandledMessage, to sender: String) {
        do {
            let payload = try WireCoding.encode(message)
            try connection.publish(topic: topics.handled(sender: sender), payload: payload, observed: false)
        } catch {
            log("Broker: could not tell the other devices about \(message.identifier): \(error)")
        }
    }
}

extension BrokerDoor {
    /// `open` with this device's id from the state directory, and one log line when the door
    /// cannot open at all (no libmosquitto, an unwritable state directory); the door otherwise.
    /// What `herald daemon --broker` calls.
    public static func openAndLog(settings: BrokerSettings, stateDirectory: URL, engine: NotificationEngine,
                                  postLimiter: PostRateLimiter?, log: @escaping @Sendable (String) -> Void) async -> BrokerDoor? {
        do {
            let device = try BrokerDevice.identifier(in: stateDirectory)
            log("Broker: connecting to \(settings.address) as \(device)")
            return try await open(settings: settings, device: device, stateDirectory: stateDirectory,
                                  engine: engine, postLimiter: postLimiter, log: log)
        } catch {
            log("Broker: not connecting to \(settings.address): \(error)")
            return nil
        }
    }
}
