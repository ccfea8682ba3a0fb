import Foundation
import HeraldCore
import HeraldPreview
import TerminalKit

/// Everything that can change the UI's state. Keys, resizes, timer ticks, engine events and the
/// results of effects all enter `AppModel.update` as a `Msg` — through `UIProgram.send`.
///
/// ```swift
/// program.send(.log("delegate: didReceive ACCEPT"))
/// ```
public enum Msg: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// The clock moved on (banner timeouts, the header clock).
    case tick(Date)
    /// Something happened in the center.
    case event(CenterEvent)
    /// A page of history arrived for `query`; `total` is how many match it.
    case historyLoaded(HistoryQuery, [DeliveredRecord], total: Int)
    case appsLoaded([AppRecord])
    case unreadCountsLoaded([String: Int])
    case doNotDisturbLoaded(Bool)
    /// An app called `requestAuthorization`; the answer goes back through `Effect.answerPrompt`.
    case promptRequested(id: Int, app: AppRecord, options: UNAuthorizationOptions)
    /// Prompt `id` was withdrawn without an answer from this UI (another UI answered it, or the
    /// app that asked went away): its modal closes.
    case promptCancelled(id: Int)
    /// A line for the log pane.
    case log(String)
    /// Shows or hides the log pane.
    case setLogPaneVisible(Bool)
    /// The result of a `:` command the host ran (shown in the status line).
    case commandResult(String)
    /// An effect failed (shown in the status line).
    case failed(String)
    /// A picture asked for with `Effect.renderPreview` is ready (or failed).
    case previewRendered(PreviewRequest, PreviewState)
    /// The header of the sound or movie at `path`, asked for with `Effect.readMediaInfo`.
    case mediaInfoRead(path: String, MediaInfo)
}
