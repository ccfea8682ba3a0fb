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
/// The posts and pushes read together from the connection share the engine's commits (held for
/// the read, `NotificationEngine.holdCommits`), each with a receipt of its own
/// (`BrokerReceiptSlots`), and each PUBACK goes out after its message's commit and journal entry.
///
/// The daemon's per-app post rate holds here too, by holding back: a post of an app past its
/// rate waits (its PUBACK with it, the messages read after it, and the reading of the next
/// messages) until the app's next token, while the broker keeps the rest queued — the publisher
/// cannot be told no, and a backlog published while the daemon was down must arrive whole. One
/// log line says when an app starts being held back.
///
/// ```swift
/// let door = try BrokerDoor.open(settings: settings, device: "herald-3f9c…", stateDirectory: home.url,
///                                engine: engine, postLimiter: server.postLimiter,
///                                eventLoop: server.eventLoop, log: { print($0) })
/// …
/// door.close()
/// ```
public final class BrokerDoor: Sendable {
    let connection: MQTTConnection
    private let topics: BrokerTopics
    private let device: String
    let journal: BrokerJournal
    let engine: NotificationEngine
    /// The daemon's per-app post limit, shared with its other doors (`nil`: none).
    let postLimiter: PostRateLimiter?
    /// Runs once the engine stored a post or push, before the journal records it (a seam for
    /// tests: a daemon dying at that instant).
    let afterStored: (@Sendable (PostOutcome) async -> Void)?
    let log: @Sendable (String) -> Void
    /// The engine observer's id, while the door observes.
    private let observerID = Mutex<UInt64?>(nil)
    /// Whether the last state logged was "connected".
    private let isConnected = Mutex<Bool?>(nil)
    /// Apps being held back to their post rate (logged once when that starts).
    let heldBack = Mutex<Set<String>>([])
    /// The connection's current read: its number, its posts and pushes so far, whether they hold
    /// the engine's commits.
    let currentRead: Mutex<Read>
    /// The keys of the receipts of the messages in hand.
    let receiptSlots = BrokerReceiptSlots()

    /// The journal's file in the state directory.
    public static let journalFileName = "broker-journal"
    /// The folder in the state directory where posted attachments' bytes wait for the engine,
    /// which moves them into its store.
    public static let attachmentsFolderName = "broker-attachments"
    private let attachmentsFolder: URL

    private init(connection: MQTTConnection, settings: BrokerSettings, device: String, journal: BrokerJournal,
                 attachmentsFolder: URL, engine: NotificationEngine, postLimiter: PostRateLimiter?,
                 afterStored: (@Sendable (PostOutcome) async -> Void)?, firstRead: Int,
                 log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        currentRead = Mutex(Read(number: firstRead))
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
    /// post limit (`IPCServer.postLimiter`), which the door holds its posts back to. `eventLoop`:
    /// the loop (started) that serves the connection — the daemon's own (`IPCServer.eventLoop`);
    /// `nil`: one of its own.
    public static func open(settings: BrokerSettings, device: String, stateDirectory: URL,
                            engine: NotificationEngine, postLimiter: PostRateLimiter?, eventLoop: EventLoop?,
                            log: @escaping @Sendable (String) -> Void) async throws -> BrokerDoor {
        try await open(settings: settings, device: device, stateDirectory: stateDirectory, engine: engine,
                       postLimiter: postLimiter, eventLoop: eventLoop, afterStored: nil, log: log)
    }

    /// `open`, with `afterStored` run once the engine stored each post or push, before the
    /// journal records it.
    package static func open(settings: BrokerSettings, device: String, stateDirectory: URL,
                             engine: NotificationEngine, postLimiter: PostRateLimiter?, eventLoop: EventLoop?,
                             afterStored: (@Sendable (PostOutcome) async -> Void)?,
                             log: @escaping @Sendable (String) -> Void) async throws -> BrokerDoor {
        let journal = try BrokerJournal(file: stateDirectory.appendingPathComponent(journalFileName))
        // The messages in hand when the daemon was last killed, if the file missed them.
        let newestRead = await BrokerReceiptSlots.restore(into: journal, from: engine)
        let attachmentsFolder = stateDirectory.appendingPathComponent(attachmentsFolderName)
        // Bytes a killed daemon had staged and the engine never took.
        try? FileManager.default.removeItem(at: attachmentsFolder)
        let door = LateReference<BrokerDoor>()
        var events = MQTTConnection.Events()
        events.connected = { code in door.object?.connected(code) }
        events.disconnected = { code in door.object?.disconnected(code) }
        events.connectFailed = { error in door.object?.changeState(connected: false, "Broker: \(error); retrying with backoff") }
        events.message = { topic, payload in door.object?.receive(topic: topic, payload: payload) }
        events.readEnded = { door.object?.readEnded() }
        events.stalled = { seconds in door.object?.stalled(after: seconds) }
        let connection = try MQTTConnection(settings: settings, clientID: device, cleanSession: false, events: events,
                                            loop: eventLoop)
        let opened = BrokerDoor(connection: connection, settings: settings, device: device, journal: journal,
                                attachmentsFolder: attachmentsFolder, engine: engine, postLimiter: postLimiter,
                                afterStored: afterStored, firstRead: newestRead + 1, log: log)
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

    private func receive(topic: String, payload: UnsafeRawBufferPointer) -> MessageWork? {
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
            guard journal.claim(key) else { return nil }
            guard let params = readPost(payload, from: sender) else {
                journal.letGo(key)
                return nil
            }
            let entry = BrokerJournal.Entry(key: key, sender: sender, bundleIdentifier: params.bundleIdentifier,
                                            identifier: params.request.identifier)
            // Files to take (on the engine's file thread, a suspension) could let a later post
            // with the same identifier overtake this one: such a post runs alone.
            return take(entry, what: "post \(params.request.identifier)", app: params.bundleIdentifier,
                        alone: !params.request.content.attachments.isEmpty) {
                defer {
                    // Staged bytes the engine did not take (a refused post) go.
                    params.request.content.attachments.forEach(BrokerAttachment.discardStaged)
                }
                return try await $0.post(params, from: .broker(sender: sender))
            }
        case .push(let sender, let identifier, let bundleIdentifier):
            let key = BrokerJournal.key(topic: topic, payload: payload)
            guard journal.claim(key) else { return nil }
            guard let text = String(validating: payload, as: UTF8.self) else {
                journal.letGo(key)
                log("Broker: push from \(sender) rejected: BadPayload: the payload is not UTF-8 text")
                return nil
            }
            let params = PushParams(payload: text, bundleIdentifier: bundleIdentifier,
                                    headers: PushHeaders(collapseID: identifier)).withCanonicalIdentifiers()
            let entry = BrokerJournal.Entry(key: key, sender: sender, bundleIdentifier: bundleIdentifier ?? "",
                                            identifier: identifier)
            return take(entry, what: "push \(identifier)", app: params.rateLimitKey, alone: false) {
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
            return MessageWork(order: .alone) { await self.applyHandled(message) }
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
                                  postLimiter: PostRateLimiter?, eventLoop: EventLoop?,
                                  log: @escaping @Sendable (String) -> Void) async -> BrokerDoor? {
        do {
            let device = try BrokerDevice.identifier(in: stateDirectory)
            log("Broker: connecting to \(settings.address) as \(device)")
            return try await open(settings: settings, device: device, stateDirectory: stateDirectory,
                                  engine: engine, postLimiter: postLimiter, eventLoop: eventLoop, log: log)
        } catch {
            log("Broker: not connecting to \(settings.address): \(error)")
            return nil
        }
    }
}
