import Foundation

/// What the center tells its user interfaces (and subscribed clients) as it happens.
public enum CenterEvent: Sendable, Hashable {
    /// A notification was delivered; `presentation` says whether it shows as a banner, goes to the
    /// list, rings, badges. `replacedDeliveryID` is the history row it replaced (same identifier).
    case delivered(DeliveredRecord, replacedDeliveryID: Int64?)
    /// Read state or list membership of a delivery changed.
    case updated(DeliveredRecord)
    /// Deliveries were deleted from history.
    case deleted(deliveryIDs: [Int64])
    /// All history of one app (or all apps, `nil`) was deleted.
    case cleared(bundleIdentifier: String?)
    /// An app's record changed: first seen, authorization, settings, badge, categories.
    case appChanged(AppRecord)
    /// The user responded to a notification.
    case responded(ResponseRecord)
    /// Do-not-disturb was turned on or off.
    case doNotDisturbChanged(Bool)
    /// A Focus turned on, off, or changed its end (`nil`: none is on). When Focus turns on or
    /// off, `doNotDisturbChanged` comes just before it.
    case focusChanged(FocusStatus?)
    /// A pending request was added, replaced or removed (for `herald pending` views).
    case pendingChanged(bundleIdentifier: String)
    /// An app's history counts changed (a delivery kept, read or unread, deleted, cleared):
    /// what user interfaces show as its unread count and the size of its history. Comes just
    /// after the event that changed them.
    case countsChanged(bundleIdentifier: String, counts: HistoryCounts)
    /// An app asks for permission: show the prompt, answer with `CenterControl.answerPrompt`.
    /// A new subscriber gets one for every prompt still waiting.
    case promptRequested(PendingPrompt)
    /// The prompt is settled — answered (here or by another user interface, or by the center's
    /// own prompter) or given up by the app (`.notAnswered`): take it down.
    case promptWithdrawn(promptID: Int64, outcome: PromptOutcome)
    /// Banners were closed from outside (`herald close`): take them off the screen, wherever
    /// they show. The notifications stay in the list as they were (unread stays unread), as when
    /// a banner's time is up. `nil`: every banner.
    case bannersClosed(deliveryIDs: [Int64]?)
    /// A banner is shown again (`herald restore`): show it as a banner once more, whatever
    /// Focus or do-not-disturb say (the user asked for it).
    case bannerRestored(DeliveredRecord)
}
