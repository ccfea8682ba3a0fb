import HeraldCore
import HeraldPreview

/// A side effect `update` asks for; the runtime performs it (mostly against `CenterControl`) and
/// feeds results back as `Msg`s.
public enum Effect: Sendable, Hashable {
    case respond(deliveryID: Int64, action: ResponseAction)
    case markRead([Int64])
    case setBadge(Int, bundleIdentifier: String)
    case deleteHistory([Int64])
    case clearHistory(bundleIdentifier: String?)
    /// Loads a page of history (`CenterControl.historyPage`, page after page until the window
    /// is full): `Msg.historyLoaded`.
    case loadHistory(HistoryQuery)
    /// Loads a shortened row's whole record for the detail pane: `Msg.detailLoaded`.
    case loadDetail(deliveryID: Int64)
    case loadApps
    /// Loads every app's history counts (`Msg.countsLoaded`).
    case loadCounts
    case loadDoNotDisturb
    case updateSettings(AppSettings, bundleIdentifier: String)
    case setDoNotDisturb(Bool)
    /// Loads the Focus modes and the Focus that is on (`Msg.focusLoaded`).
    case loadFocus
    /// Turns a Focus on or off, or changes a mode; the new overview comes back as `Msg.focusLoaded`.
    case changeFocus(FocusChange)
    /// Answers a permission prompt (`CenterControl.answerPrompt`): the app waiting in
    /// `requestAuthorization` gets the answer.
    case answerPrompt(id: Int64, allowed: Bool)
    /// Rings the terminal bell.
    case bell
    /// Flashes the screen (critical sounds).
    case flash
    case quit
    /// A `:` command the UI does not know; the host's command handler runs it.
    case runCommand(String)
    /// Decode an image attachment into a picture (off the UI's thread); answered by `.previewRendered`.
    case renderPreview(PreviewRequest)
    /// Open an attachment for the person: `xdg-open` on a desktop, the pager for text, else
    /// a message with its path. The runtime suspends the terminal for a pager.
    case openAttachment(AttachmentRecord)
    /// Read a sound or movie attachment's header (format, duration); answered by `.mediaInfoRead`.
    case readMediaInfo(path: String, type: String)
}

extension Effect {
    /// Whether the effect asks the center to change something (not a load, not the terminal's).
    public var changesCenter: Bool {
        switch self {
        case .respond, .markRead, .setBadge, .deleteHistory, .clearHistory, .updateSettings, .setDoNotDisturb,
             .answerPrompt, .changeFocus:
            return true
        case .loadHistory, .loadDetail, .loadApps, .loadCounts, .loadDoNotDisturb, .bell, .flash, .quit, .runCommand,
             .renderPreview, .openAttachment, .readMediaInfo, .loadFocus:
            return false
        }
    }

    /// Whether the effect only reads from the center: loads asked for one right after another
    /// are asked for together (`EffectWorker.submit(together:)`), their requests on their way at
    /// once.
    public var isLoad: Bool {
        switch self {
        case .loadHistory, .loadDetail, .loadApps, .loadCounts, .loadDoNotDisturb, .loadFocus:
            return true
        default:
            return false
        }
    }
}
