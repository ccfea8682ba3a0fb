import Foundation
import HeraldCore
import HeraldWire

extension TmuxReach {
    /// A delivery, on the queue: a popup, a message line, or nothing (`TmuxBannerPolicy`).
    func present(_ record: DeliveredRecord) {
        let settings = configuration.settings
        let (app, isFocusOn) = state.withLock { ($0.apps[record.bundleIdentifier], $0.focus != nil) }
        let isMuted = !configuration.rules.isEmpty
            && configuration.rules.outcome(bundleIdentifier: record.bundleIdentifier, content: record.content).mute
        switch TmuxBannerPolicy.kind(for: record, app: app, settings: settings, isFocusOn: isFocusOn, isMuted: isMuted) {
        case .nothing:
            return
        case .message:
            showMessage(record)
        case .popup:
            let overflow = state.withLock { state -> Bool in
                guard state.showing != nil else { return false }
                guard state.waiting.count < Self.maximumWaiting else { return true }
                state.waiting.append(record)
                return false
            }
            if overflow { showMessage(record) }
            if state.withLock({ $0.showing == nil }) { showPopup(record, app: app) }
        }
    }

    /// The client to show a banner on: the most recently active one, unless its screen shows
    /// a `herald` UI (which shows the banner itself). `nil`: none.
    func targetClient() -> (TmuxServer, TmuxScreen.Client)? {
        guard let server = configuration.server, server.isUp, let screen = currentScreen(of: server),
              let client = screen.activeClient else { return nil }
        let socket = Self.canonicalPath(server.socketPath)
        let showsInterface = configuration.interfacePanes().contains { place in
            Self.canonicalPath(place.socket) == socket && screen.isVisible(pane: place.pane, on: client)
        }
        return showsInterface ? nil : (server, client)
    }

    /// The clients and panes now — or, in a flood (deliveries waiting behind this one), the
    /// last reading when it is younger than `screenLifetime`.
    func currentScreen(of server: TmuxServer) -> TmuxScreen? {
        let (cached, isFlood) = state.withLock { ($0.screen, $0.unpresented > 1) }
        if isFlood, let cached, -cached.at.timeIntervalSinceNow < Self.screenLifetime {
            return cached.screen
        }
        let screen = TmuxScreen.read(from: server)
        state.withLock { $0.screen = (screen, Date()) }
        return screen
    }

    static func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// One line on the client's status line — soon: lines asked for within `messageInterval`
    /// of the last are shown together, as one.
    func showMessage(_ record: DeliveredRecord) {
        let delay = state.withLock { state -> TimeInterval? in
            state.messages.append(record)
            guard !state.messageScheduled else { return nil }
            state.messageScheduled = true
            return max(0, state.lastMessage.addingTimeInterval(Self.messageInterval).timeIntervalSinceNow)
        }
        guard let delay else { return }
        if delay == 0 {
            flushMessages()
        } else {
            queue.asyncAfter(deadline: .now() + delay) { self.flushMessages() }
        }
    }

    /// Shows the message lines waiting: the one, or how many with the latest.
    func flushMessages() {
        let (records, apps) = state.withLock { state -> ([DeliveredRecord], [String: AppRecord]) in
            defer {
                state.messages = []
                state.messageScheduled = false
                state.lastMessage = Date()
            }
            return (state.messages, state.apps)
        }
        guard let latest = records.last, let (server, client) = targetClient() else { return }
        let app = apps[latest.bundleIdentifier]
        let text = TmuxMessageLine.text(for: latest, appName: app?.displayName ?? AppRecord.defaultDisplayName(for: latest.bundleIdentifier),
                                        showsPreviews: app?.settings.showPreviews != .never, width: client.width,
                                        count: records.count)
        let result = server.run([TmuxMessageLine.command(text, client: client.name, seconds: configuration.settings.timeout)])
        if let result, result.status != 0 {
            configuration.log("tmux: could not show a message line: \(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    /// A popup for `record` on the client, watched on a thread of its own until it closes
    /// (`display-popup` returns then); the next waiting banner follows.
    func showPopup(_ record: DeliveredRecord, app: AppRecord?) {
        guard let (server, client) = targetClient() else {
            showNextWaiting()
            return
        }
        let settings = configuration.settings
        let width = min(settings.width, client.width)
        let marker = state.withLock { state -> String in
            state.showing = record
            state.showingSettled = false
            state.nextMarker += 1
            return configuration.markerDirectory + "/tmux-popup-\(getpid())-\(state.nextMarker)"
        }
        try? FileManager.default.removeItem(atPath: marker)
        let request = TmuxPopupRequest(client: client, deliveryID: record.deliveryID, width: width,
                                       height: settings.height ?? configuration.popupHeight(record, app, width),
                                       position: settings.position, herald: configuration.herald,
                                       environment: configuration.popupEnvironment, shownMarker: marker)
        let thread = Thread { [self] in
            let status = server.runUntilDone([request.command])
            let shown = FileManager.default.fileExists(atPath: marker)
            try? FileManager.default.removeItem(atPath: marker)
            queue.async { self.popupClosed(record, shown: shown, status: status) }
        }
        thread.name = "herald-tmux-popup"
        thread.start()
    }

    /// The popup went: when tmux never ran it (the client shows another popup or a menu), a
    /// message line says what it was, unless it was answered meanwhile; then the next waiting
    /// banner.
    func popupClosed(_ record: DeliveredRecord, shown: Bool, status: Int32?) {
        let settled = state.withLock { state -> Bool in
            defer {
                state.showing = nil
                state.showingSettled = false
            }
            return state.showingSettled
        }
        if !shown && !settled {
            if let status, status != 0 {
                let first = state.withLock { state -> Bool in
                    defer { state.popupFailureLogged = true }
                    return !state.popupFailureLogged
                }
                if first {
                    configuration.log("tmux: a popup did not show (exit status \(status); popups need tmux 3.3 or later); "
                                      + "banners it cannot show go to the status line (logged once)")
                }
            } else if status == nil {
                configuration.log("tmux: could not run \(configuration.server?.executable ?? "tmux")")
            }
            showMessage(record)
        }
        showNextWaiting()
    }

    /// Shows the oldest waiting banner, if any.
    func showNextWaiting() {
        let next = state.withLock { state -> (DeliveredRecord, AppRecord?)? in
            guard state.showing == nil, !state.waiting.isEmpty else { return nil }
            let record = state.waiting.removeFirst()
            return (record, state.apps[record.bundleIdentifier])
        }
        if let (record, app) = next { showPopup(record, app: app) }
    }
}
