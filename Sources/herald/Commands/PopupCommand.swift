import CursesBackend
import Foundation
import HeraldClient
import HeraldCore
import HeraldSystem
import HeraldTmux
import HeraldUI
import HeraldWire
import Synchronization

/// `herald popup ID`: one notification as a banner filling this terminal, answered with the
/// banner keys; what the daemon runs inside a tmux popup (docs/REACH.md).
enum PopupCommand: HeraldCommand {
    static let name = "popup"
    static let summary = "show one notification as a banner in this terminal and answer it (what tmux popups run)"
    static let help = """
    Usage: herald [--home DIR] popup ID [--pane PANE] [--timeout SECONDS] [--grace SECONDS]

    Shows the delivered notification ID (its history row: `herald history --json` shows
    "deliveryID") as a banner filling the terminal and answers it with the keys of the UI's
    banners: 1-9 its actions, r its reply action (type, Enter sends, Esc gives up), Enter open,
    x dismiss, Esc close (nothing is reported; it stays in the list). The answer goes to the app
    exactly as from the UI: `herald post --wait` prints it, a D-Bus sender gets ActionInvoked or
    NotificationReplied. It closes by itself after the timeout, or when the notification is
    answered or removed elsewhere.

    The daemon runs it in a tmux popup on the most recently active client ([tmux] in the
    configuration file). There, keys typed within the key grace of the popup opening (or of the
    last such key) go on to the pane underneath (--pane), as does any key the popup does not
    answer to: the popup takes keys only once you have paused, and its border and key hints
    show when.

    Options:
      --pane PANE         the tmux pane keys go on to before the popup takes them (%3)
      --timeout SECONDS   how long it stays, 0 until acted on (default: [tmux] timeout)
      --grace SECONDS     the pause needed before it takes keys (default: [tmux] key-grace with
                          --pane, else 0)
      --shown FILE        create FILE once the banner is on screen: the daemon's sign that tmux
                          showed the popup (tmux refuses one while the client shows another)

    Exit status: 0 answered or closed, 3 no notification ID is in the list, 1 other errors
    (no daemon answers: it starts none), 2 usage error.

    Examples:
      herald popup 42
      tmux display-popup -E -w 60 -h 8 herald popup 42
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let pane = try arguments.option("--pane")
        let timeoutOption = try arguments.secondsOption("--timeout")
        let graceOption = try arguments.secondsOption("--grace")
        let shownMarker = try arguments.option("--shown")
        let positionals = try arguments.positionals()
        guard positionals.count == 1, let deliveryID = Int64(positionals[0]), deliveryID > 0 else {
            throw UsageError("give one delivery id (a positive number: herald history --json shows \"deliveryID\")")
        }
        let user = UserConfiguration()
        let location = CenterLocation(context)
        let client: IPCClient
        do {
            client = try await IPCClient.connect(socketPath: location.socketPath,
                                                 hello: ClientHello(role: .cli, client: "herald popup"))
        } catch {
            printError("herald popup: no daemon answers on \(location.socketPath): \(error)")
            return ExitStatus.failure
        }
        defer { client.close() }

        // Settled elsewhere (answered, read, removed) or the center gone: the popup closes.
        let wake = WakePipe()
        let settled = Atomic<Bool>(false)
        let bundleIdentifier = Mutex<String?>(nil)
        client.onEvent { event in
            guard Self.settles(event, deliveryID: deliveryID, of: bundleIdentifier.withLock { $0 }) else { return }
            settled.store(true, ordering: .relaxed)
            wake.wake()
        }
        client.onClose {
            settled.store(true, ordering: .relaxed)
            wake.wake()
        }
        _ = try await client.call(Methods.subscribe, SubscribeParams())
        let query = HistoryQuery(limit: 1, deliveryIDs: [deliveryID])
        guard let record = try await client.call(Methods.history, query).first,
              !record.isRead, !record.isRemovedFromList else {
            printError("herald popup: no notification \(deliveryID) is in the list (answered, read or removed)")
            return ExitStatus.notFound
        }
        bundleIdentifier.withLock { $0 = record.bundleIdentifier }
        let app = try await client.call(Methods.apps, Empty()).first { $0.bundleIdentifier == record.bundleIdentifier }
        let popup = PopupBanner(record: record, app: app, timeout: timeoutOption ?? user.tmux.timeout,
                                keyGrace: graceOption ?? (pane == nil ? 0 : user.tmux.keyGrace), now: Date())
        let theme = Theme(colors: user.ui.colors, palette: user.ui.palette)
        let keysGoTo = pane.flatMap { pane in
            TmuxServer.locate(.automatic, environment: ProcessInfo.processInfo.environment).map { ($0, pane) }
        }
        let hooks = PopupProgram.Hooks(passOn: { keys in
            guard let (server, pane) = keysGoTo else { return }
            server.run(TmuxKeys.commands(typing: keys, into: pane))
        }, shown: {
            if let shownMarker { _ = FileManager.default.createFile(atPath: shownMarker, contents: nil) }
        })
        let outcome: PopupBanner.Outcome = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result {
                    try PopupProgram.run(popup, driver: .curses, theme: theme, wake: wake,
                                         isSettled: { settled.load(ordering: .relaxed) }, hooks: hooks)
                })
            }
            thread.name = "herald-popup"
            thread.start()
        }
        if case .respond(let action) = outcome {
            _ = try await client.call(Methods.respond, RespondParams(deliveryID: deliveryID, action: action))
        }
        return ExitStatus.success
    }

    /// Whether `event` means notification `deliveryID` (of app `bundleIdentifier`, once known)
    /// needs no popup any more.
    static func settles(_ event: CenterEvent, deliveryID: Int64, of bundleIdentifier: String?) -> Bool {
        switch event {
        case .responded(let response): return response.notification.deliveryID == deliveryID
        case .updated(let record): return record.deliveryID == deliveryID && (record.isRead || record.isRemovedFromList)
        case .deleted(let ids): return ids.contains(deliveryID)
        case .cleared(let app): return app == nil || app == bundleIdentifier
        case .bannersClosed(let ids): return ids?.contains(deliveryID) ?? true   // herald close
        default: return false
        }
    }
}
