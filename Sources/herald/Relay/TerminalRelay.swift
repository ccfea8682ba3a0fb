import Foundation
import HeraldClient
import HeraldCore
import HeraldSystem
import HeraldWire
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// `herald relay`: every banner the center shows (and every one `herald restore` brings back)
/// goes to the terminal the relay runs in as the terminal's own desktop notification — which,
/// through `ssh`, is the laptop's desktop. With OSC 99 (kitty) a click comes back: the relay
/// reads the terminal's report and answers the notification as a press would (opened, or the
/// button's action); closing a banner (`herald close`, answered elsewhere) takes the
/// notification away again. A line on the terminal names each notification sent.
struct TerminalRelay {
    let location: CenterLocation
    let terminal: RelayTerminal
    /// Print a line per notification.
    let announces: Bool

    /// What the relay knows between events: apps (for names and buttons) and what it showed.
    private struct State {
        var apps: [String: AppRecord] = [:]
        /// Delivery ids shown (newest last) with the actions of their buttons.
        var shown: [(deliveryID: Int64, actions: [String])] = []
        static let shownLimit = 200
    }

    func run() -> Int32 {
        let input = terminal.kind == .osc99 ? TerminalInputMode(descriptor: STDIN_FILENO) : nil
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP], onRepeat: { input?.restore() }) { _ in
            input?.restore()
            exit(ExitStatus.success)
        }
        defer {
            signals.cancel()
            input?.restore()
        }
        var scanner = TerminalNotificationReport.Scanner()
        var offline = false
        let follower = CenterFollower(location: location, name: "herald relay")
        return follower.run(lost: { error in
            if !offline { say("the center went away; connecting again…") }
            offline = true
            return nil
        }) { client in
            var state = State()
            for app in try client.call(Methods.apps, Empty()) { state.apps[app.bundleIdentifier] = app }
            if offline { say("connected again") }
            offline = false
            while true {
                var fds = [pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)]
                if input != nil { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
                if !client.hasQueuedEvent {
                    guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return ExitStatus.failure }
                }
                if client.hasQueuedEvent || fds[0].revents != 0 {
                    guard handle(try client.nextEvent(), &state) else { return ExitStatus.success }
                }
                if fds.count > 1, fds[1].revents != 0 {
                    var chunk = [UInt8](repeating: 0, count: 1024)
                    let count = read(STDIN_FILENO, &chunk, chunk.count)
                    guard count > 0 else { return ExitStatus.success }   // the terminal went
                    for report in scanner.feed(Array(chunk[0..<count])) { answer(report, state, client) }
                }
            }
        }
    }

    /// Sends what an event asks of the terminal; `false` when the terminal is gone.
    private func handle(_ event: CenterEvent, _ state: inout State) -> Bool {
        switch event {
        case .delivered(let record, let replaced):
            if let replaced, !close([replaced], &state) { return false }
            guard record.presentation.normalized.contains(.banner) else { return true }
            return show(record, &state)
        case .bannerRestored(let record):
            return show(record, &state)
        case .bannersClosed(let ids):
            return close(ids ?? state.shown.map(\.deliveryID), &state)
        case .updated(let record) where record.isRemovedFromList:
            return close([record.deliveryID], &state)
        case .deleted(let ids):
            return close(ids, &state)
        case .appChanged(let app):
            state.apps[app.bundleIdentifier] = app
            return true
        default:
            return true
        }
    }

    private func show(_ record: DeliveredRecord, _ state: inout State) -> Bool {
        let content = record.content
        let app = state.apps[record.bundleIdentifier]
        let appName = app?.displayName ?? record.bundleIdentifier
        // Buttons for the actions a click can answer (a reply needs typing: open it instead).
        let actions = app?.category(content.categoryIdentifier)?.actions.filter { $0.textInput == nil } ?? []
        let urgency: TerminalNotification.Urgency = switch content.interruptionLevel {
        case .passive: .low
        case .critical: .critical
        default: .normal
        }
        let note = TerminalNotification(identifier: Self.identifier(record.deliveryID),
                                        title: content.title.isEmpty ? appName : content.title,
                                        body: [content.subtitle, content.body].filter { !$0.isEmpty }.joined(separator: "\n"),
                                        urgency: urgency, buttons: actions.map(\.title))
        guard StandardOutput.write(terminal.wrap(note.sequence(terminal.kind))) else { return false }
        if record.deliveryID > 0 {
            state.shown.removeAll { $0.deliveryID == record.deliveryID }
            state.shown.append((record.deliveryID, actions.map(\.identifier)))
            if state.shown.count > State.shownLimit { state.shown.removeFirst() }
        }
        if announces {
            let time = Self.clock.string(from: record.date)
            say("\(time) \(TerminalText.sanitize(appName)): \(TerminalText.sanitize(content.title)) [\(record.deliveryID)]")
        }
        return true
    }

    /// Takes notifications the relay showed away again, where the terminal can.
    private func close(_ ids: [Int64], _ state: inout State) -> Bool {
        let mine = Set(ids).intersection(state.shown.map(\.deliveryID))
        guard !mine.isEmpty else { return true }
        state.shown.removeAll { mine.contains($0.deliveryID) }
        for id in mine.sorted() {
            guard let sequence = TerminalNotification.closeSequence(identifier: Self.identifier(id), kind: terminal.kind) else {
                continue
            }
            guard StandardOutput.write(terminal.wrap(sequence)) else { return false }
        }
        return true
    }

    /// A click the terminal reported: answered as the press it was.
    private func answer(_ report: TerminalNotificationReport, _ state: State, _ client: BlockingIPCClient) {
        guard let id = Self.deliveryID(report.identifier),
              let shown = state.shown.first(where: { $0.deliveryID == id }) else { return }
        let action: ResponseAction
        if report.button == 0 {
            action = .open
        } else if shown.actions.indices.contains(report.button - 1) {
            action = .action(shown.actions[report.button - 1])
        } else {
            return
        }
        do {
            _ = try client.call(Methods.respond, RespondParams(deliveryID: id, action: action))
            if announces { say("answered [\(id)]: \(TerminalText.sanitize(action.actionIdentifier))") }
        } catch {
            say("could not answer [\(id)]: \(TerminalText.sanitize(ErrorSentence.describe(error)))")
        }
    }

    /// One line on the relay's terminal.
    private func say(_ line: String) {
        _ = StandardOutput.writeLine("herald relay: " + line)
    }

    static func identifier(_ deliveryID: Int64) -> String { "herald-\(deliveryID)" }

    static func deliveryID(_ identifier: String) -> Int64? {
        guard identifier.hasPrefix("herald-") else { return nil }
        return Int64(identifier.dropFirst("herald-".count)).flatMap { $0 > 0 ? $0 : nil }
    }

    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter
    }()
}
