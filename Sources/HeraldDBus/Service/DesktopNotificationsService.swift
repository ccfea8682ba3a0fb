import Foundation
import HeraldCore
import HeraldSystem
import Synchronization

/// `org.freedesktop.Notifications` on one bus connection: answers the method calls, maps them
/// onto the engine (through `DesktopEngineBridge`, in order) and turns the user's responses back
/// into `ActionInvoked`, `NotificationReplied` and `NotificationClosed`.
///
/// Everything here runs on the bus's loop thread (`DBusConnection.loop`); the engine is reached
/// through `calls` (tasks that prefer that loop, so what follows an engine call runs there too),
/// and responses come back through `bus.perform`.
// unchecked: its `var`s are touched only on the bus's loop thread (see above); the rest is `let`s and a Mutex.
final class DesktopNotificationsService: @unchecked Sendable {
    /// How long a transient notification with the default timeout stays (the banner's default).
    static let transientSeconds: TimeInterval = 5

    let bus: DBusConnection
    private let bridge: DesktopEngineBridge
    private let calls: EngineCallOrder
    private let serverVersion: String
    private let postLimiter: PostRateLimiter?
    /// The same limit per sender connection: a sender that gives a new `app_name` with every
    /// call is held to it all the same.
    private let senderLimiter: PostRateLimiter?
    private let playsSounds: @Sendable () -> Bool
    private let log: @Sendable (String) -> Void
    /// Bus-thread state.
    private var table: NotificationTable
    /// The apps and categories a `Notify` has been stored with (`bundle identifier` + category
    /// identifier): a post with another one registers it first, after the app's earlier such posts.
    private var registered: Set<String> = []
    /// The app of each recent `app_name` and `desktop-entry`.
    private var apps = DesktopAppCache()
    /// Whether Herald holds the name now (it waits in the bus's queue for it otherwise).
    var ownsName = false
    /// History rows the engine stored, waiting for the bus thread (`takeDeliveries`).
    private let deliveries = Mutex<[(identifier: String, deliveryID: Int64)]>([])

    init(bus: DBusConnection, engine: NotificationEngine, stagingDirectory: URL, serverVersion: String,
         postLimiter: PostRateLimiter?, playsSounds: @escaping @Sendable () -> Bool, log: @escaping @Sendable (String) -> Void) {
        self.bus = bus
        calls = EngineCallOrder(loop: bus.loop)
        self.playsSounds = playsSounds
        self.serverVersion = serverVersion
        self.postLimiter = postLimiter
        senderLimiter = postLimiter?.withSeparateBuckets()
        self.log = log
        var run = SystemRandomNumberGenerator()
        table = NotificationTable(run: String(UInt32.random(in: .min ... .max, using: &run), radix: 36))
        // The user's responses, handed to the service on its loop.
        let responses = LateReference<DesktopNotificationsService>()
        bridge = DesktopEngineBridge(engine: engine, connection: DesktopAppConnection { response in
            guard let target = responses.object else { return }
            target.bus.perform { [weak target] in target?.respond(response) }
        }, stagingDirectory: stagingDirectory, log: log)
        responses.object = self
    }

    /// Starts following which history row each notification became (for transient ones and
    /// for marking rows whose sender left).
    /// Rows are handed over without a wake of their own: every desktop delivery comes from a
    /// `Notify`, and the job that answers it wakes the bus thread to take them (`takeDeliveries`).
    func start() async {
        await bridge.observeDeliveries { [weak self] identifier, deliveryID in
            self?.deliveries.withLock { $0.append((identifier, deliveryID)) }
        }
    }

    /// The rows delivered since the last call, into the table (bus thread; before anything that
    /// reads history rows).
    private func takeDeliveries() {
        let taken = deliveries.withLock { rows -> [(identifier: String, deliveryID: Int64)] in
            defer { rows = [] }
            return rows
        }
        for row in taken { delivered(identifier: row.identifier, deliveryID: row.deliveryID) }
    }

    /// A notification reached history; if its sender already left (gdbus, a script), the row
    /// says so at once.
    private func delivered(identifier: String, deliveryID: Int64) {
        guard let entry = table.delivered(identifier: identifier, deliveryID: deliveryID), entry.senderGone,
              !entry.actionKeys.isEmpty else { return }
        let bridge = self.bridge
        calls.start(after: []) { await bridge.senderGone(deliveryIDs: [deliveryID]) }
    }

    /// Waits for the engine calls already started.
    func drain() async { await calls.drain() }

    // MARK: Incoming messages (bus thread)

    func handle(_ message: DBusLibrary.Message) -> Bool {
        takeDeliveries()
        let header = bus.header(message)
        if header.isSignal {
            handleSignal(header, message)
            return false
        }
        guard header.isMethodCall, header.path == NotificationsInterface.path else { return false }
        do {
            switch (header.interface, header.member) {
            case (NotificationsInterface.interface, "Notify"), ("", "Notify"):
                // Answered once the notification is stored: the reply is the acknowledgement.
                try notify(header, try bus.arguments(of: message), replyTo: message)
            case (NotificationsInterface.interface, "CloseNotification"), ("", "CloseNotification"):
                guard header.signature == "u", case .uint(let raw)? = try bus.arguments(of: message).first else {
                    throw DBusCallError.invalidArgs("CloseNotification takes (u), not (\(header.signature))")
                }
                // An id that is not open, or another connection's: an error, as the spec asks
                // ("if the notification no longer exists, an empty D-BUS Error message is sent back").
                let id = UInt32(truncatingIfNeeded: raw)
                if let refusal = table.refusalToClose(id, sender: header.sender) { throw DBusCallError.invalidArgs(refusal) }
                close(id, reason: .closedByCall)
                bus.reply(to: message, [])
            case (NotificationsInterface.interface, "GetCapabilities"), ("", "GetCapabilities"):
                bus.reply(to: message, [.strings(NotificationsInterface.capabilities(playingSounds: playsSounds()))])
            case (NotificationsInterface.interface, "GetServerInformation"), ("", "GetServerInformation"):
                bus.reply(to: message, [.string("Herald"), .string("Herald"), .string(serverVersion),
                                        .string(NotificationsInterface.specVersion)])
            case ("org.freedesktop.DBus.Introspectable", "Introspect"):
                bus.reply(to: message, [.string(NotificationsInterface.introspection)])
            case ("org.freedesktop.DBus.Peer", "Ping"):
                bus.reply(to: message, [])
            case ("org.freedesktop.DBus.Properties", _):
                try answerProperties(header, try bus.arguments(of: message), replyTo: message)
            default:
                throw DBusCallError.unknownMethod("no method \(header.member) in \(header.interface.isEmpty ? "any interface" : header.interface)")
            }
        } catch let error as DBusCallError {
            bus.reply(to: message, error: error)
        } catch {
            bus.reply(to: message, error: .failed("\(error)"))
        }
        return true
    }

    /// `org.freedesktop.DBus.Properties`: the object has none. `GetAll` answers `{}` for each of
    /// its interfaces (as desktop-notifier and GDBus proxies ask); `Get` and `Set` are refused
    /// with `UnknownProperty`.
    private func answerProperties(_ header: DBusMessageHeader, _ arguments: [DBusValue],
                                  replyTo message: DBusLibrary.Message) throws {
        guard let interface = arguments.first?.string else {
            throw DBusCallError.invalidArgs("\(header.member) takes an interface name first, not (\(header.signature))")
        }
        guard interface.isEmpty || NotificationsInterface.objectInterfaces.contains(interface) else {
            throw DBusCallError.invalidArgs("\(NotificationsInterface.path) has no interface \(interface)")
        }
        switch header.member {
        case "GetAll":
            bus.reply(to: message, [.hints([:])])
        case "Get", "Set":
            let name = arguments.dropFirst().first?.string ?? ""
            throw DBusCallError.unknownProperty("\(interface.isEmpty ? "the object" : interface) has no property "
                                                + "\"\(name)\": it has no properties")
        default:
            throw DBusCallError.unknownMethod("no method \(header.member) in org.freedesktop.DBus.Properties")
        }
    }

    private func handleSignal(_ header: DBusMessageHeader, _ message: DBusLibrary.Message) {
        guard header.interface == "org.freedesktop.DBus", let arguments = try? bus.arguments(of: message) else { return }
        switch header.member {
        case "NameOwnerChanged":
            guard arguments.count == 3, let name = arguments[0].string else { return }
            if name == NotificationsInterface.busName, arguments[1].string == bus.uniqueName,
               let replacer = arguments[2].string, !replacer.isEmpty {
                log("D-Bus: \(bus.describe(connection: replacer)) replaced Herald as \(name); "
                    + "Herald serves it again when that server leaves")
                return
            }
            guard name.hasPrefix(":"), arguments[2].string == "" else { return }
            // Quietly: most senders (notify-send) leave right after Notify.
            let rows = table.senderLeft(name).filter { !$0.actionKeys.isEmpty }.compactMap(\.deliveryID)
            guard !rows.isEmpty else { return }
            let bridge = self.bridge
            calls.start(after: []) { await bridge.senderGone(deliveryIDs: rows) }
        case "NameLost":
            // NameOwnerChanged says who took it.
            if arguments.first?.string == NotificationsInterface.busName { ownsName = false }
        case "NameAcquired":
            // Also sent once for the name Herald asked for at start (ownsName is set then).
            guard arguments.first?.string == NotificationsInterface.busName, !ownsName else { return }
            ownsName = true
            log("D-Bus: serving \(NotificationsInterface.busName) as \(bus.uniqueName) (the server holding it left)")
        default:
            break
        }
    }

    /// `Notify`: checks (a bad call, or an app past its post rate, throws at once), assigns the
    /// id and starts the engine work; the reply with the id follows once the engine has stored
    /// the notification (or an error when it could not). Later calls are read meanwhile and
    /// their engine work runs alongside (their commits grouped), after the earlier work on the
    /// same id, and after the app's earlier posts when this one registers an app or category.
    private func notify(_ header: DBusMessageHeader, _ arguments: [DBusValue], replyTo message: DBusLibrary.Message) throws {
        let call = try NotifyCall(signature: header.signature, arguments: arguments)
        let hints = try NotificationHints(call.hints)
        let app = apps.app(appName: call.appName, desktopEntry: hints.desktopEntry)
        do {
            try senderLimiter?.admit("this D-Bus connection (\(header.sender))")
            try postLimiter?.admit(app.bundleIdentifier)
        } catch {
            throw DBusCallError.limitsExceeded(error.description)
        }
        let id = table.assign(replacesID: call.replacesID, stackTag: hints.stackTag, bundleIdentifier: app.bundleIdentifier,
                              sender: header.sender)
        let isNew = table.isNew(id)
        let entry = table.record(id: id, bundleIdentifier: app.bundleIdentifier, sender: header.sender,
                                 actionKeys: call.actions.map(\.key), isResident: hints.isResident,
                                 isTransient: hints.isTransient, stackTag: hints.stackTag)
        var mapped = DesktopNotification(call: call, hints: hints, identifier: entry.identifier, app: app)
        mapped.app.bundleIdentifier = entry.bundleIdentifier
        let notification = mapped
        let image = hints.picture(appIcon: call.appIcon)
        let expiry = Self.expiry(call: call, hints: hints)
        let generation = entry.generation
        let bridge = self.bridge
        let log = self.log
        let bus = self.bus
        let pending = bus.keep(message)
        let registration = entry.bundleIdentifier + "\u{0}" + notification.category.identifier
        let registers = !registered.contains(registration)
        calls.start(after: registers ? [Self.key(id), Self.key(app: entry.bundleIdentifier)] : [Self.key(id)]) { [weak self] in
            // (On the bus's loop: this task prefers it.)
            do {
                // A new id's identifier replaces nothing: the engine need not look for it.
                try await FreshIdentifier.$current.withValue(isNew ? notification.request.identifier : nil) {
                    try await bridge.post(notification, image: image)
                }
            } catch {
                log("D-Bus: notification \(id) from \(notification.app.displayName) not stored: \(error)")
                self?.takeDeliveries()
                bus.reply(to: pending, .failure(Self.refusal(notStored: error)))
                self?.close(id, reason: .other, generation: generation)
                return
            }
            bus.reply(to: pending, .success([.uint32(id)]))
            guard let self else { return }
            registered.insert(registration)
            takeDeliveries()
            guard let expiry else { return }
            bus.loop.addTimer(after: expiry) { [weak self] in
                bus.perform { [weak self] in self?.close(id, reason: .expired, generation: generation) }
            }
        }
    }

    /// The key of the engine calls about notification `id`.
    private static func key(_ id: UInt32) -> String { "id \(id)" }

    /// The key of the engine calls that register `app` or its categories.
    private static func key(app: String) -> String { "app " + app }

    /// The error a `Notify` the engine did not take is answered with: `LimitsExceeded` when the
    /// center has no room for a new app, else `Failed`.
    static func refusal(notStored error: any Error) -> DBusCallError {
        if case EngineError.tooManyApps = error { return .limitsExceeded("\(error)") }
        return .failed("the notification was not stored: \(error)")
    }

    /// When the front door closes a notification itself: the sender's timeout in milliseconds,
    /// or a transient one's default; `nil` leaves it to the user (the banner still goes after the
    /// center's default, the notification stays in the list).
    static func expiry(call: NotifyCall, hints: NotificationHints) -> TimeInterval? {
        if call.expireTimeout > 0 { return TimeInterval(call.expireTimeout) / 1000 }
        if call.expireTimeout == -1 && hints.isTransient && hints.urgency != 2 { return transientSeconds }
        return nil
    }

    /// Closes an open notification: the signal to its sender, then off the screen and the list
    /// (a transient one out of history). `generation` guards timers of a replaced notification.
    private func close(_ id: UInt32, reason: NotificationsInterface.CloseReason, generation: Int? = nil) {
        takeDeliveries()
        if let generation, table[id]?.generation != generation { return }
        guard let entry = table.close(id) else { return }
        signal(entry, "NotificationClosed", [.uint32(id), .uint32(reason.rawValue)])
        let bridge = self.bridge
        calls.start(after: [Self.key(id)]) {
            await bridge.close(identifier: entry.identifier, bundleIdentifier: entry.bundleIdentifier,
                               forgetting: entry.isTransient ? entry.deliveryID : nil)
        }
    }

    private func signal(_ entry: NotificationTable.Entry, _ name: String, _ arguments: [DBusArgument]) {
        guard !entry.senderGone else { return }
        bus.emitSignal(path: NotificationsInterface.path, interface: NotificationsInterface.interface, name: name,
                       arguments, destination: entry.sender.isEmpty ? nil : entry.sender)
    }

    // MARK: Responses (bus thread)

    /// The user acted on a notification (from its banner or from history).
    func respond(_ response: ResponseRecord) {
        takeDeliveries()
        guard let id = table.id(forIdentifier: response.notification.identifier), let entry = table[id] else {
            // From an earlier run of the daemon: its sender cannot be reached any more.
            let bridge = self.bridge
            let row = response.notification.deliveryID
            calls.start(after: []) { await bridge.senderGone(deliveryIDs: [row]) }
            return
        }
        switch response.action {
        case .open:
            if entry.actionKeys.contains(DesktopNotification.defaultActionKey) {
                invoke(entry, id: id, key: DesktopNotification.defaultActionKey)
            }
        case .action(let key):
            invoke(entry, id: id, key: key)
        case .reply(_, let text):
            signal(entry, "NotificationReplied", [.uint32(id), .string(text)])
        case .dismiss:
            break
        }
        if response.action == .dismiss || !entry.isResident {
            close(id, reason: .dismissed)
        }
    }

    /// `ActionInvoked`, without an `ActivationToken` before it: the spec makes that signal
    /// optional ("can be emitted"), and a token is an X11 startup id or a Wayland xdg-activation
    /// token that a window system handed out for a real input event; Herald, in a terminal, has
    /// none. An empty or made-up one would send the app's toolkit to activate with a token no
    /// compositor issued, so, like mako and the other servers that send one only when they have
    /// it, Herald sends none.
    private func invoke(_ entry: NotificationTable.Entry, id: UInt32, key: String) {
        signal(entry, "ActionInvoked", [.uint32(id), .string(key)])
    }
}
