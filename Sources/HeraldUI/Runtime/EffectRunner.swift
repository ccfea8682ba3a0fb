import Foundation
import HeraldCore
import HeraldPreview

/// Runs a `:` command the UI does not know (`invite Bob`, `badge 3`…). Returns the text for the
/// status line, or `nil` when the command is unknown; a thrown error is shown as an error.
public typealias CommandHandler = @Sendable (_ commandLine: String) async throws -> String?

/// Performs the effects that talk to the center (or the host), and posts their results back
/// as messages. Terminal effects (bell, flash, quit) are the loop's own business.
public struct EffectRunner: Sendable {
    public let center: any CenterControl
    public let send: @Sendable (Msg) -> Void
    public let commandHandler: CommandHandler?

    public init(center: any CenterControl, commandHandler: CommandHandler? = nil,
                send: @escaping @Sendable (Msg) -> Void) {
        self.center = center
        self.commandHandler = commandHandler
        self.send = send
    }

    /// Performs one effect and reports results and failures as messages.
    public func perform(_ effect: Effect) async {
        do {
            switch effect {
            case .respond(let id, let action):
                try await center.respond(deliveryID: id, action: action)
            case .markRead(let ids):
                try await center.markRead(deliveryIDs: ids, isRead: true)
            case .setBadge(let count, let bundleIdentifier):
                try await center.setBadge(count, bundleIdentifier: bundleIdentifier)
            case .deleteHistory(let ids):
                try await center.deleteHistory(deliveryIDs: ids)
            case .clearHistory(let bundleIdentifier):
                try await center.clearHistory(bundleIdentifier: bundleIdentifier)
            case .loadHistory(let query):
                let records = try await center.history(query)
                let total = try await center.historyCount(query)
                send(.historyLoaded(query, records, total: total))
            case .loadApps:
                send(.appsLoaded(try await center.apps()))
            case .loadCounts:
                send(.countsLoaded(try await center.historyCounts()))
            case .loadDoNotDisturb:
                send(.doNotDisturbLoaded(await center.doNotDisturb()))
            case .updateSettings(let settings, let bundleIdentifier):
                try await center.updateSettings(settings, bundleIdentifier: bundleIdentifier)
            case .setDoNotDisturb(let isOn):
                try await center.setDoNotDisturb(isOn)
                send(.doNotDisturbLoaded(await center.doNotDisturb()))
                send(.commandResult("Do not disturb \(isOn ? "on" : "off")"))
            case .loadFocus:
                send(.focusLoaded(try await center.focusOverview()))
            case .changeFocus(let change):
                send(.focusLoaded(try await center.changeFocus(change)))
            case .answerPrompt(let id, let allowed):
                _ = try await center.answerPrompt(promptID: id, allowed: allowed)
            case .runCommand(let line):
                guard let commandHandler else {
                    send(.failed("Unknown command: \(line)"))
                    return
                }
                if let text = try await commandHandler(line) {
                    send(.commandResult(text))
                } else {
                    send(.failed("Unknown command: \(line)"))
                }
            case .renderPreview, .readMediaInfo:
                performFileWork(effect)
            case .bell, .flash, .quit, .openAttachment:
                break
            }
        } catch {
            send(.effectFailed(effect, "\(effect.shortName) failed: \(ErrorSentence.describe(error))"))
        }
    }
}

extension EffectRunner {
    /// The effects that read attachment files (decode a picture, read a media header):
    /// blocking and synchronous, for a thread that may block (`EffectWorker` runs them on
    /// its own queue).
    public func performFileWork(_ effect: Effect) {
        switch effect {
        case .renderPreview(let request):
            send(.previewRendered(request, PreviewState.render(request)))
        case .readMediaInfo(let path, let type):
            send(.mediaInfoRead(path: path, MediaInfo.read(path: path, type: type)))
        default:
            break
        }
    }
}

extension Effect {
    /// A word for error messages.
    var shortName: String {
        switch self {
        case .respond: return "Respond"
        case .markRead: return "Mark read"
        case .setBadge: return "Badge"
        case .deleteHistory: return "Delete"
        case .clearHistory: return "Clear"
        case .loadHistory: return "Loading history"
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
