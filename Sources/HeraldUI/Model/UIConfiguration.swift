import Foundation
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
    /// Banners waiting behind the one on screen; more are dropped (they are still in history).
    public var maxQueuedBanners: Int = 99
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
