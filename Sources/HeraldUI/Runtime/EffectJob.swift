import HeraldCore
import HeraldPreview

/// An effect as the runtime carries it out: its lane — which thread or queue runs it — and its
/// work. `Effect.job` is the one place that says both, for every effect; `EffectWorker` runs
/// the jobs of the last three lanes, `UIProgram` those of the terminal.
///
/// | lane       | effects                               | where and how                                            |
/// |------------|---------------------------------------|----------------------------------------------------------|
/// | `terminal` | bell, flash, quit, open an attachment | the UI's thread, at once: they need the terminal         |
/// | `inOrder`  | the center's changes and loads        | one task, one at a time in the order asked               |
/// | `onItsOwn` | `:` commands, answers to prompts      | a task each: a slow one holds up nothing                 |
/// | `files`    | decoding pictures, media headers      | one at a time on their own queue, off the pool           |
///
/// In order, because a response must reach the center before the reload that should see it;
/// loads asked for one right after another (the screen's start) run together, as one job of
/// the lane (`EffectWorker.submit(together:)`).
/// Files on a queue of their own, because their C calls block: never on the concurrency pool,
/// never on the UI's thread.
public enum EffectJob: Sendable {
    /// Work against the center or the host; results and failures go back through `runner.send`.
    public typealias Work = @Sendable (_ runner: EffectRunner) async throws -> Void
    /// Blocking work on files; its result goes back through `runner.send`.
    public typealias FileWork = @Sendable (_ runner: EffectRunner) -> Void

    case terminal(TerminalEffect)
    case inOrder(Work)
    case onItsOwn(Work)
    case files(FileWork)
}

/// What the UI's thread does itself, with the terminal.
public enum TerminalEffect: Sendable, Hashable {
    case bell
    case flash
    /// Nothing to do: the model's `quitRequested` ends the loop.
    case quit
    /// A desktop viewer in the background, a pager with the terminal handed over, or a message.
    case open(AttachmentRecord)
}

extension Effect {
    /// This effect's lane and work (see `EffectJob`).
    public var job: EffectJob {
        switch self {
        case .bell: return .terminal(.bell)
        case .flash: return .terminal(.flash)
        case .quit: return .terminal(.quit)
        case .openAttachment(let attachment): return .terminal(.open(attachment))
        case .respond(let id, let action):
            return .inOrder { try await $0.center.respond(deliveryID: id, action: action) }
        case .markRead(let ids):
            return .inOrder { try await $0.center.markRead(deliveryIDs: ids, isRead: true) }
        case .setBadge(let count, let bundleIdentifier):
            return .inOrder { try await $0.center.setBadge(count, bundleIdentifier: bundleIdentifier) }
        case .deleteHistory(let ids):
            return .inOrder { try await $0.center.deleteHistory(deliveryIDs: ids) }
        case .clearHistory(let bundleIdentifier):
            return .inOrder { try await $0.center.clearHistory(bundleIdentifier: bundleIdentifier) }
        case .updateSettings(let settings, let bundleIdentifier):
            return .inOrder { try await $0.center.updateSettings(settings, bundleIdentifier: bundleIdentifier) }
        case .loadHistory(let query):
            return .inOrder { runner in
                // Both asked at once.
                async let window = runner.center.historyWindow(query)
                async let count = runner.center.historyCount(query)
                let (page, total) = try await (window, count)
                runner.send(.historyLoaded(query, page.records, total: total, shortened: Set(page.shortened)))
            }
        case .loadDetail(let id):
            return .inOrder { runner in
                if let record = try await runner.center.history(HistoryQuery(limit: 1, deliveryIDs: [id])).first {
                    runner.send(.detailLoaded(record))
                }
            }
        case .loadApps:
            return .inOrder { runner in
                let apps = try await runner.center.apps()
                runner.send(.appsLoaded(apps))
            }
        case .loadCounts:
            return .inOrder { runner in
                let counts = try await runner.center.historyCounts()
                runner.send(.countsLoaded(counts))
            }
        case .loadDoNotDisturb:
            return .inOrder { runner in
                let isOn = await runner.center.doNotDisturb()
                runner.send(.doNotDisturbLoaded(isOn))
            }
        case .setDoNotDisturb(let isOn):
            return .inOrder { runner in
                try await runner.center.setDoNotDisturb(isOn)
                let confirmed = await runner.center.doNotDisturb()
                runner.send(.doNotDisturbLoaded(confirmed))
                runner.send(.commandResult("Do not disturb \(isOn ? "on" : "off")"))
            }
        case .loadFocus:
            return .inOrder { runner in
                let overview = try await runner.center.focusOverview()
                runner.send(.focusLoaded(overview))
            }
        case .changeFocus(let change):
            return .inOrder { runner in
                let overview = try await runner.center.changeFocus(change)
                runner.send(.focusLoaded(overview))
            }
        case .answerPrompt(let id, let allowed):
            return .onItsOwn { _ = try await $0.center.answerPrompt(promptID: id, allowed: allowed) }
        case .runCommand(let line):
            return .onItsOwn { runner in
                if let handler = runner.commandHandler, let text = try await handler(line) {
                    runner.send(.commandResult(text))
                } else {
                    runner.send(.failed("Unknown command: \(line)"))
                }
            }
        case .renderPreview(let request):
            return .files { $0.send(.previewRendered(request, PreviewState.render(request))) }
        case .readMediaInfo(let path, let type):
            return .files { $0.send(.mediaInfoRead(path: path, MediaInfo.read(path: path, type: type))) }
        }
    }

    /// A word for error messages.
    var shortName: String {
        switch self {
        case .respond: return "Respond"
        case .markRead: return "Mark read"
        case .setBadge: return "Badge"
        case .deleteHistory: return "Delete"
        case .clearHistory: return "Clear"
        case .loadHistory: return "Loading history"
        case .loadDetail: return "Loading the notification"
        case .loadApps: return "Loading apps"
        case .loadCounts: return "Loading counts"
        case .loadDoNotDisturb: return "Loading do-not-disturb"
        case .updateSettings: return "Settings"
        case .setDoNotDisturb: return "Do not disturb"
        case .loadFocus: return "Loading Focus"
        case .changeFocus: return "Focus"
        case .answerPrompt: return "Prompt"
        case .bell: return "Bell"
        case .flash: return "Flash"
        case .quit: return "Quit"
        case .runCommand: return "Command"
        case .renderPreview: return "Preview"
        case .openAttachment: return "Open"
        case .readMediaInfo: return "Reading attachment"
        }
    }
}
