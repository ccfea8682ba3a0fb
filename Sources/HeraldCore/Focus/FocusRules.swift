import Foundation

/// What Focus and the scheduled summary do to one notification, decided from the app, the
/// content and the Focus that is on (pure; the engine applies it).
///
/// - `.critical` from an app that asked for `.criticalAlert` and that the person approved
///   (settings › critical alerts) always presents, with the bell. Without both it counts as
///   `.active` (Apple downgrades it silently).
/// - While a Focus is on: allowed apps present as usual; `.timeSensitive` breaks through when
///   the mode allows it and the app's time-sensitive setting is on; everything else is held
///   (history only, no banner, no bell) and counted for the summary when Focus ends.
/// - Apps opted in to the scheduled summary: `.passive` and `.active` notifications are
///   collected (history only) and delivered together at the summary times.
///
/// ```swift
/// FocusRules.verdict(app: app, content: content, focus: work)   // .hold
/// ```
public enum FocusRules {
    public enum Verdict: Sendable, Hashable {
        /// Presents as usual.
        case present
        /// Presents with the bell, whatever Focus or the sound settings say.
        case presentCritical
        /// Kept quiet for the Focus summary.
        case hold
        /// Kept quiet for the scheduled summary.
        case collect
    }

    /// Herald's own summaries come from this app; Focus never holds them.
    public static let summaryBundleIdentifier = "herald.summary"

    /// Whether `bundleIdentifier` is `summaryBundleIdentifier`. Its length is compared first (a
    /// stored count, where `==` of two different strings compares them in full): a string equal
    /// to that ASCII name, which has none of the ASCII characters a non-ASCII scalar normalizes
    /// to (`K`, `;`, `` ` ``), has its very bytes.
    static func isSummary(_ bundleIdentifier: String) -> Bool {
        bundleIdentifier.utf8.count == summaryBundleIdentifier.utf8.count && bundleIdentifier == summaryBundleIdentifier
    }

    /// Whether the app may send `.critical` notifications: it asked for `.criticalAlert` and the
    /// person turned critical alerts on in its settings (Herald's stand-in for Apple's entitlement).
    public static func criticalApproved(_ app: AppRecord) -> Bool {
        app.authorizedOptions.contains(.criticalAlert) && app.settings.criticalAlerts
    }

    public static func verdict(app: AppRecord, content: ContentRecord, focus: FocusMode?) -> Verdict {
        if isSummary(app.bundleIdentifier) { return .present }
        var level = content.interruptionLevel
        if level == .critical {
            if criticalApproved(app) { return .presentCritical }
            level = .active
        }
        if let focus, !focus.allows(app) {
            if level == .timeSensitive && focus.allowsTimeSensitive && app.settings.timeSensitive { return .present }
            return .hold
        }
        if app.settings.scheduledDelivery && (level == .passive || level == .active) {
            return .collect
        }
        return .present
    }

    /// The presentation after the verdict: held and collected notifications lose the banner and
    /// the bell; critical ones gain the bell.
    public static func presentation(_ options: UNNotificationPresentationOptions, verdict: Verdict)
        -> UNNotificationPresentationOptions {
        switch verdict {
        case .present: return options
        case .presentCritical: return options.isEmpty ? options : options.union(.sound)
        case .hold, .collect: return options.subtracting([.banner, .sound])
        }
    }
}
