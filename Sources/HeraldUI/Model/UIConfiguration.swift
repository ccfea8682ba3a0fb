import Foundation
import HeraldCore
import TerminalKit
import HeraldPreview

/// Settings of the terminal UI that the host chooses (or the environment provides).
///
/// ```swift
/// var config = UIConfiguration.fromEnvironment()   // HERALD_UI_BANNER_SECONDS, HERALD_UI_MUTE, NO_COLOR
/// config.bannerDuration = 3
/// ```
public struct UIConfiguration: Sendable, Hashable {
    /// How long a banner-style banner stays before it goes into the list (seconds).
    public var bannerDuration: TimeInterval = 5
    /// Start with the bell muted (`:unmute` turns it back on).
    public var muted: Bool = false
    /// `false` draws without colours (the `NO_COLOR` convention); attributes stay.
    public var colors: Bool = true
    /// The time zone of the clock and the row times.
    public var timeZone: TimeZone = .current
    /// How many history rows the model keeps at a time; it pages through the center beyond that.
    public var historyWindow: Int = 300
    /// Banners waiting behind those on screen; more are dropped (they are still in history).
    public var maxQueuedBanners: Int = 99
    /// Banners on screen at once (newest on top), when they fit; the rest wait ("+N more").
    public var maxBanners: Int = 3
    /// Seconds a banner stays, per interruption level (`bannerDuration` for a level not listed);
    /// 0 keeps it until acted on.
    public var bannerTimeouts: [UNNotificationInterruptionLevel: TimeInterval] = [:]
    /// Whether banners of one app that arrive while one of its banners waits join it ("37 new
    /// from CI") rather than queue one by one.
    public var coalesceBanners: Bool = true
    /// Seconds after the focused banner went during which a press it would have taken is held
    /// back once ("press again"; `BannerState`).
    public var bannerKeyGrace: TimeInterval = 0.4
    /// The colours of the theme (`colors` false draws none).
    public var palette = Theme.Palette()
    /// Keys the user added (the configuration file's `[keys]`): each stands for the key that
    /// does the action by default.
    public var keyBindings: [Key: Key] = [:]

    /// How long a banner of `level` stays (0: until acted on).
    public func bannerTimeout(for level: UNNotificationInterruptionLevel) -> TimeInterval {
        bannerTimeouts[level] ?? bannerDuration
    }
    /// Lines of log kept for the log pane.
    public var logLimit: Int = 500
    /// Show the log pane from the start.
    public var showLogPane: Bool = false
    /// Help lines for the `:` commands the host adds (`"invite NAME — invite someone"`).
    public var extraCommandHelp: [String] = []
    /// Colours of attachment pictures; `.none` (the default until the terminal is known, and
    /// under `NO_COLOR`) shows file names only. `TerminalApp` sets it from the terminal.
    public var previewMode: PreviewColorMode = .none
    /// Characters of attachment pictures (`HERALD_PREVIEW_SYMBOLS`: block, quadrant, sextant).
    public var previewSymbols: PreviewSymbols = .quadrant

    public init(bannerDuration: TimeInterval = 5, muted: Bool = false, colors: Bool = true,
                timeZone: TimeZone = .current, showLogPane: Bool = false, extraCommandHelp: [String] = []) {
        self.bannerDuration = bannerDuration
        self.muted = muted
        self.colors = colors
        self.timeZone = timeZone
        self.showLogPane = showLogPane
        self.extraCommandHelp = extraCommandHelp
    }

    /// Reads `HERALD_UI_BANNER_SECONDS` (a number of seconds), `HERALD_UI_MUTE` (`1`/`true`),
    /// `NO_COLOR` (any non-empty value turns colours off) and `HERALD_PREVIEW_SYMBOLS`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> UIConfiguration {
        var config = UIConfiguration()
        if let text = environment["HERALD_UI_BANNER_SECONDS"], let seconds = Double(text), seconds > 0 {
            config.bannerDuration = seconds
        }
        if let mute = environment["HERALD_UI_MUTE"]?.lowercased() { config.muted = ["1", "true", "yes", "on"].contains(mute) }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { config.colors = false }
        if let symbols = environment["HERALD_PREVIEW_SYMBOLS"].flatMap({ PreviewSymbols(rawValue: $0.lowercased()) }) {
            config.previewSymbols = symbols
        }
        return config
    }
}
