import HeraldCore

/// How a delivered notification reaches a user in tmux, following what the center decided for
/// it (its `presentation`: authorization, the app's settings, Focus and do-not-disturb,
/// interruption levels and the rules have all had their say) and the `[tmux]` settings.
///
/// - A notification the center shows as a banner becomes a popup (`banners = popup`) or a
///   message line (`banners = message`); one not kept in history (a rule's `history = no`) only
///   informs, so it is a message line — there is nothing to answer.
/// - A passive one (never a banner) becomes a message line, unless a Focus is on, its app's
///   alerts are off or it is delivered quietly (provisional), or a rule mutes it.
/// - Nothing else, and nothing at all with `banners = off`.
///
/// ```swift
/// TmuxBannerPolicy.kind(for: record, app: app, settings: settings, isFocusOn: false, isMuted: false)   // .popup
/// ```
public enum TmuxBannerPolicy {
    /// What tmux shows.
    public enum Kind: Sendable, Hashable {
        case popup
        case message
        case nothing
    }

    /// The app of Focus summaries: a message line names them (`herald` shows what they hold).
    public static let summaryApp = "herald.summary"

    public static func kind(for record: DeliveredRecord, app: AppRecord?, settings: TmuxSettings, isFocusOn: Bool,
                            isMuted: Bool) -> Kind {
        guard settings.banners != .off else { return .nothing }
        if record.presentation.contains(.banner) {
            let answerable = record.deliveryID != 0 && record.bundleIdentifier != summaryApp
            return settings.banners == .popup && answerable ? .popup : .message
        }
        guard record.content.interruptionLevel == .passive, record.presentation.contains(.list), !isFocusOn, !isMuted,
              let app, app.settings.alertStyle != .none, app.authorizationStatus != .provisional else { return .nothing }
        return .message
    }
}
