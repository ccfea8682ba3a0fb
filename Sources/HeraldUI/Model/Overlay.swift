import HeraldCore
import TerminalKit

/// What is drawn over the main screen and takes the keys, besides banners and permission prompts.
public enum Overlay: Sendable, Hashable {
    /// The keys and commands, scrolled down by `scroll` lines (on a small screen).
    case help(scroll: Int)
    case settings(SettingsState)
    case confirm(ConfirmState)
    case input(InputState)
    /// The Focus screen (from settings or `:focus`): the modes, which is on; Enter turns one on or off.
    case focus(FocusScreenState)
}

/// The settings panel of one app: which row is selected.
public struct SettingsState: Sendable, Hashable {
    public var bundleIdentifier: String
    public var selectedRow: Int = 0
    public init(bundleIdentifier: String) { self.bundleIdentifier = bundleIdentifier }

    /// The rows of the panel, top to bottom.
    public enum Row: Int, CaseIterable, Sendable {
        case allowNotifications, alertStyle, sounds, badges, showInHistory, showPreviews
        case timeSensitive, criticalAlerts, scheduledSummary, focus
        public var title: String {
            switch self {
            case .timeSensitive: return "Time Sensitive"
            case .criticalAlerts: return "Critical Alerts"
            case .scheduledSummary: return "Scheduled Summary"
            case .focus: return "Focus…"

            case .allowNotifications: return "Allow Notifications"
            case .alertStyle: return "Banner Style"
            case .sounds: return "Sounds"
            case .badges: return "Badges"
            case .showInHistory: return "Show in History"
            case .showPreviews: return "Show Previews"
            }
        }
    }
}

/// A yes/no question.
public struct ConfirmState: Sendable, Hashable {
    public enum Purpose: Sendable, Hashable {
        /// Delete all history (of one app, or of all apps).
        case clearHistory(bundleIdentifier: String?)
        /// An `.authenticationRequired` action while locked: unlock, then run it.
        case unlockThenAct(deliveryID: Int64, action: ActionRecord)
    }
    public var purpose: Purpose
    public var message: String
    public init(purpose: Purpose, message: String) {
        self.purpose = purpose
        self.message = message
    }
}

/// The input line: a reply, a search or a command, with its editor.
public struct InputState: Sendable, Hashable {
    public enum Purpose: Sendable, Hashable {
        case reply(deliveryID: Int64, actionIdentifier: String, placeholder: String, buttonTitle: String)
        case search
        case command
    }
    public var purpose: Purpose
    public var editor: LineEditor
    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.editor = LineEditor(text)
    }

    /// The text before the input ("/", ":", "Reply:").
    public var prompt: String {
        switch purpose {
        case .reply: return "Reply› "
        case .search: return "/"
        case .command: return ":"
        }
    }
}
