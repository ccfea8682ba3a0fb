import Foundation
import HeraldCore
import HeraldWire

/// The table from method name to handler, made once (`standard`): decodes the params, runs the
/// handler, sends exactly one reply (the result, or an error naming what went wrong). What a
/// method is — its name, params, result, codec, deadline — is its declaration (`Method`, with its
/// types in HeraldWire's `Methods/`); what the daemon does with it is its entry here, which calls
/// the engine directly.
struct RequestDispatcher: Sendable {
    typealias Handler = @Sendable (IPCServer, Int64, EncodedPayload, ServerSession) async -> Void

    /// A method the daemon serves.
    struct Entry: Sendable {
        let handler: Handler
        /// The method's `Method.hasDeadline`.
        let hasDeadline: Bool
        /// The method's `Method.addsNotification`: its commits are held with the round's.
        let addsNotification: Bool
    }

    private var entries: [String: Entry] = [:]

    /// Every method name, sorted (for the "unknown method" error).
    var methodNames: [String] { entries.keys.sorted() }

    func entry(for method: String) -> Entry? { entries[method] }

    private mutating func register<P, R>(_ method: Method<P, R>, _ handler: @escaping Handler) {
        precondition(entries[method.name] == nil, "\(method.name) is served twice")
        entries[method.name] = Entry(handler: handler, hasDeadline: method.hasDeadline,
                                     addsNotification: method.addsNotification)
    }

    /// A handler that sends its reply itself (`handOver`, whose reply carries a descriptor).
    mutating func onReplyingItself<P, R>(_ method: Method<P, R>, _ handler: @escaping Handler) {
        register(method, handler)
    }

    mutating func on<P: CanonicalIdentifiers, R>(_ method: Method<P, R>,
                                                 _ body: @escaping @Sendable (IPCServer, P, ServerSession) async throws -> R) {
        register(method) { server, id, payload, session in
            guard let params = Self.params(P.self, of: method.name, payload, id: id, session: session) else { return }
            do {
                let result = try await body(server, params, session)
                session.sendReply(id: id, result: result, method: method.name)
            } catch {
                session.sendError(id: id, WireError(error))
            }
        }
    }

    /// A method whose handler writes its result's JSON itself, measuring it as it goes (history
    /// pages: `IPCServer+History.swift`); the bytes are `R` as the wire encodes it.
    mutating func onEncoded<P: CanonicalIdentifiers, R>(_ method: Method<P, R>,
                                  _ body: @escaping @Sendable (IPCServer, P, ServerSession) async throws -> Data) {
        register(method) { server, id, payload, session in
            guard let params = Self.params(P.self, of: method.name, payload, id: id, session: session) else { return }
            do {
                session.sendEncodedReply(id: id, result: try await body(server, params, session), method: method.name)
            } catch {
                session.sendError(id: id, WireError(error))
            }
        }
    }

    /// The request's params with their identifiers in NFC (`CanonicalIdentifiers`: the one
    /// place the socket's identifiers take that form), or `nil` after answering `badParams`
    /// naming the field.
    private static func params<P: Codable & Sendable & CanonicalIdentifiers>(
        _ type: P.Type, of method: String, _ payload: EncodedPayload, id: Int64, session: ServerSession) -> P? {
        do {
            return try payload.params(P.self).withCanonicalIdentifiers()
        } catch {
            // (A 30-digit integer makes the decoder blame the whole line: name the number.)
            var reason = WireCoding.explain(error)
            if reason.hasPrefix("(top level)"), let number = JSONLineDiagnosis.oversizedInteger(in: payload.line) {
                reason = number
            }
            session.sendError(id: id, .protocolError(.badParams, "\(method): \(reason)"))
            return nil
        }
    }
}

extension RequestDispatcher {
    /// Protocol version 1.
    static let standard: RequestDispatcher = {
        var d = RequestDispatcher()

        // MARK: NotificationSystem
        d.on(Methods.connect) { server, p, session in
            let connection = RemoteAppConnection(bundleIdentifier: p.bundleIdentifier, session: session,
                                                 timeout: server.configuration.appCallTimeout)
            server.claimApp(p.bundleIdentifier, for: session)
            await server.engine.connect(connection, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.disconnect) { server, p, session in
            if server.releaseApp(p.bundleIdentifier, for: session) {
                await server.engine.disconnect(bundleIdentifier: p.bundleIdentifier)
            }
            return Empty()
        }
        d.on(Methods.setForeground) { server, p, _ in
            await server.engine.setForeground(p.isForeground, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.requestAuthorization) { server, p, _ in
            // While this request waits, the app's prompt stays up; when its client goes away
            // (the task is cancelled) and no other request of the app waits, the engine
            // withdraws it.
            try await server.engine.requestAuthorization(options: p.options, bundleIdentifier: p.bundleIdentifier)
        }
        d.on(Methods.appRecord) { server, p, _ in await server.backend.appRecord(bundleIdentifier: p.bundleIdentifier) }
        d.on(Methods.setCategories) { server, p, _ in
            await server.engine.setCategories(p.categories, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.categories) { server, p, _ in await server.engine.categories(bundleIdentifier: p.bundleIdentifier) }
        d.on(Methods.add) { server, p, _ in
            try server.admitPost(from: p.bundleIdentifier)
            try await server.engine.add(p.request, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.pendingRequests) { server, p, _ in
            await server.engine.pendingRequests(bundleIdentifier: p.bundleIdentifier)
        }
        d.on(Methods.removePendingRequests) { server, p, _ in
            await server.engine.removePendingRequests(identifiers: p.identifiers, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.removeAllPendingRequests) { server, p, _ in
            await server.engine.removeAllPendingRequests(bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.onEncoded(Methods.deliveredNotifications) { server, p, session in
            try await server.deliveredReply(bundleIdentifier: p.bundleIdentifier, session: session)
        }
        d.on(Methods.removeDeliveredNotifications) { server, p, _ in
            await server.engine.removeDeliveredNotifications(identifiers: p.identifiers, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.removeAllDeliveredNotifications) { server, p, _ in
            await server.engine.removeAllDeliveredNotifications(bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.setBadgeCount) { server, p, _ in
            try await server.engine.setBadgeCount(p.count, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.deviceToken) { server, p, _ in
            DeviceToken.hex(await server.engine.deviceToken(bundleIdentifier: p.bundleIdentifier))
        }
        d.on(Methods.setServiceExtension) { server, p, session in
            session.setExtension(p.isInstalled, for: p.bundleIdentifier)
            let host = p.isInstalled ? RemoteServiceExtensionHost(bundleIdentifier: p.bundleIdentifier, session: session) : nil
            await server.backend.setServiceExtension(host, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }

        // MARK: CenterControl
        d.on(Methods.apps) { server, _, _ in try await server.backend.apps() }
        d.onEncoded(Methods.history) { server, p, _ in try await server.historyReply(p) }
        d.onEncoded(Methods.historyPage) { server, p, _ in try await server.historyPageReply(p) }
        d.on(Methods.historyCount) { server, p, _ in try await server.engine.historyCount(p) }
        d.on(Methods.unreadCounts) { server, _, _ in try await server.engine.unreadCounts() }
        d.on(Methods.status) { server, _, _ in try await server.engine.statusSnapshot() }
        d.on(Methods.historyCounts) { server, _, _ in try await server.engine.historyCounts() }
        d.on(Methods.respond) { server, p, _ in
            try await server.engine.respond(deliveryID: p.deliveryID, action: p.action)
            return Empty()
        }
        d.on(Methods.markRead) { server, p, _ in
            try await server.engine.markRead(deliveryIDs: p.deliveryIDs, isRead: p.isRead)
            return Empty()
        }
        d.on(Methods.deleteHistory) { server, p, _ in
            try await server.engine.deleteHistory(deliveryIDs: p.deliveryIDs)
            return Empty()
        }
        d.on(Methods.clearHistory) { server, p, _ in
            try await server.engine.clearHistory(bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.setBadge) { server, p, _ in
            try await server.engine.setBadge(p.count, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.updateSettings) { server, p, _ in
            try await server.engine.updateSettings(p.settings, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.doNotDisturb) { server, _, _ in await server.engine.doNotDisturb() }
        d.on(Methods.setDoNotDisturb) { server, p, _ in
            try await server.engine.setDoNotDisturb(p.isOn)
            return Empty()
        }
        d.on(Methods.focus) { server, _, _ in try await server.engine.focusOverview() }
        d.on(Methods.changeFocus) { server, p, _ in try await server.engine.changeFocus(p) }
        d.on(Methods.subscribe) { server, p, session in
            session.subscribe(bundleIdentifier: p.bundleIdentifier)
            if let place = p.tmuxPane { session.setTmuxPane(place) }
            let attendance = server.configuration.promptAttendance
            if p.prompts == true {
                // The prompts waiting now, then every prompt event: none missed, none twice.
                await server.engine.withPendingPrompts { [weak session] waiting in
                    session?.setShowsPrompts(true)
                    for prompt in waiting { session?.sendEvent(.promptRequested(prompt)) }
                }
                attendance?.attach(interface: session.number)
                // Closed meanwhile: its detach may have run before this attach.
                if session.isClosed { attendance?.detach(interface: session.number) }
            } else if p.prompts == false {
                session.setShowsPrompts(false)
                attendance?.detach(interface: session.number)
            }
            return Empty()
        }
        d.on(Methods.unsubscribe) { server, _, session in
            session.unsubscribe()
            server.configuration.promptAttendance?.detach(interface: session.number)
            return Empty()
        }
        d.on(Methods.answerPrompt) { server, p, _ in
            try await server.engine.answerPrompt(promptID: p.promptID, allowed: p.allowed)
        }
        d.on(Methods.closeBanners) { server, p, _ in
            switch (p.deliveryIDs, p.all) {
            case (let ids?, nil), (let ids?, false?):
                return CloseBannersResult(unknown: try await server.engine.closeBanners(deliveryIDs: ids))
            case (nil, true?):
                await server.engine.closeAllBanners()
                return CloseBannersResult(unknown: [])
            default:
                throw WireError.protocolError(.badParams, "closeBanners: give params.deliveryIDs or params.all = true (not both)")
            }
        }
        d.on(Methods.restoreBanner) { server, _, _ in RestoreBannerResult(notification: try await server.engine.restoreBanner()) }

        // MARK: Command line
        d.on(Methods.registerCommandLineApp) { server, p, _ in
            try await server.engine.admitApp(bundleIdentifier: p.bundleIdentifier)
            await server.engine.registerCommandLineApp(bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }
        d.on(Methods.post) { server, p, _ in
            try server.admitPost(from: p.bundleIdentifier)
            let date = server.configuration.now()
            return PostResult(try await server.engine.post(p, from: .socket), date: date)
        }
        d.on(Methods.push) { server, p, _ in
            try server.admitPost(from: p.rateLimitKey)
            let date = server.configuration.now()
            return PostResult(try await server.engine.push(p, from: .socket), date: date)
        }
        d.on(Methods.wait) { server, p, _ in
            try WaitParams.validate(timeout: p.timeout)
            let response = await server.waiters.wait(bundleIdentifier: p.bundleIdentifier, identifier: p.identifier,
                                                      since: p.since, timeout: p.timeout)
            return WaitResult(response: response, timedOut: response == nil)
        }
        d.on(Methods.setServiceExtensionCommand) { server, p, _ in
            try await server.backend.setServiceExtensionCommand(p.command, bundleIdentifier: p.bundleIdentifier)
            return Empty()
        }

        // MARK: Daemons
        d.onReplyingItself(Methods.handOver) { server, id, _, session in server.handOver(requestID: id, to: session) }
        d.on(Methods.commitStatistics) { server, _, _ in await server.engine.takeCommitGroupStatistics() }
        return d
    }()
}
