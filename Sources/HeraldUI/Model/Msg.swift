import Foundation
import HeraldCore
import HeraldPreview
import TerminalKit

/// Everything that can change the UI's state. Keys, resizes, timer ticks, engine events and the
/// results of effects all enter `AppModel.update` as a `Msg`: the terminal's from the loop
/// itself (`UIProgram`), everything else through the inbox (`MessageQueue.send`).
///
/// ```swift
/// inbox.send(.log("delegate: didReceive ACCEPT"))
/// ```
public enum Msg: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// The clock moved on (banner timeouts, the header clock).
    case tick(Date)
    /// Something happened in the center (permission prompts included: `.promptRequested` opens
    /// the modal, `.promptWithdrawn` closes it).
    case event(CenterEvent)
    /// A page of history arrived for `query`; `total` is how many match it, `shortened` the
    /// rows that came in a list's form (`HistoryPage`).
    case historyLoaded(HistoryQuery, [DeliveredRecord], total: Int, shortened: Set<Int64> = [])
    /// A notification's whole record, asked for with `Effect.loadDetail`.
    case detailLoaded(DeliveredRecord)
    case appsLoaded([AppRecord])
    /// Every app's history counts (`CenterControl.historyCounts`).
    case countsLoaded([String: HistoryCounts])
    case doNotDisturbLoaded(Bool)
    /// The Focus modes and the Focus that is on.
    case focusLoaded(FocusOverview)
    /// A line for the log pane.
    case log(String)
    /// Shows or hides the log pane.
    case setLogPaneVisible(Bool)
    /// The result of a `:` command the host ran (shown in the status line).
    case commandResult(String)
    /// Something failed (shown in the status line).
    case failed(String)
    /// A change asked of the center failed: the message is shown and what the screen shows is
    /// loaded again from the center (nothing it did not do stays on screen).
    case effectFailed(Effect, String)
    /// The connection to the center is gone; the host is reconnecting. Until `.reconnected`
    /// the screen says so and keys that would change the center change nothing.
    case connectionLost(reason: String)
    /// Connected again (the daemon may be a new one): everything shown is loaded afresh.
    case reconnected
    /// A picture asked for with `Effect.renderPreview` is ready (or failed).
    case previewRendered(PreviewRequest, PreviewState)
    /// The header of the sound or movie at `path`, asked for with `Effect.readMediaInfo`.
    case mediaInfoRead(path: String, MediaInfo)
}
